package dev.gpushare.pulumi;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Stops the provider daemons the tests of this JVM started ({@link TestDaemons}) when the test run
 * ends, passed or failed: registered in META-INF/services, so it also runs in the modules that reuse
 * {@link PulumiCli} through this module's test jar. (A JVM shutdown hook alone is not enough: the
 * test runner's forked JVM need not run it.)
 */
public final class StopTestDaemons implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        TestDaemons.stopAll();
    }
}
