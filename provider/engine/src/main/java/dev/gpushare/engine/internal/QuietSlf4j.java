package dev.gpushare.engine.internal;

/**
 * Keeps SLF4J's own start-up notices ("No SLF4J providers were found", "Defaulting to no-operation
 * (NOP) logger implementation", a link) off a user's console. The schema validator (networknt) and
 * the SQLite driver log through SLF4J and gpushare ships no SLF4J provider, so a program without
 * one would see those three lines on stderr at its first validation or local backend.
 *
 * <p>SLF4J reads {@code slf4j.internal.verbosity} once, when it initializes. {@link #initialize}
 * initializes it with that property at ERROR and then removes the property again, so nothing else
 * of the program's changes. A program that set the property itself is left alone; a program with
 * an SLF4J provider binds it as usual (only SLF4J's internal WARN and INFO notices of this one
 * initialization are dropped; its ERRORs still show). Called by the engine classes whose
 * dependencies log, before they make their loggers.
 */
public final class QuietSlf4j {
    private static final String PROPERTY = "slf4j.internal.verbosity";
    private static boolean done;

    private QuietSlf4j() {}

    public static synchronized void initialize() {
        if (done) return;
        done = true;
        if (System.getProperty(PROPERTY) != null) return;
        System.setProperty(PROPERTY, "ERROR");
        try {
            Class.forName("org.slf4j.LoggerFactory", true, QuietSlf4j.class.getClassLoader())
                    .getMethod("getILoggerFactory").invoke(null);
        } catch (ReflectiveOperationException | LinkageError absent) {
            // no SLF4J on the class path: nothing would print its notices
        } finally {
            System.clearProperty(PROPERTY);
        }
    }
}
