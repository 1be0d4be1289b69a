package dev.gpushare.pulumi;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pulumi-resource-gpushare}: serves the provider on 127.0.0.1 (any free port) and prints
 * the port as the first and only line on stdout, as the Pulumi engine expects; logs go to stderr.
 *
 * <p>Arguments (from the engine): optional {@code --logtostderr}, {@code -v=N}, {@code --logflow},
 * {@code --tracing X}, then the engine address, which may also be absent (test harnesses pass it
 * through Handshake).
 */
public final class ProviderMain {
    /** Largest request accepted, in bytes: 400 MiB, as Pulumi's own providers (gRPC's default is 4 MiB). */
    public static final int MAX_INBOUND_BYTES = 400 * 1024 * 1024;

    private ProviderMain() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        // Nothing but the port may reach stdout: everything else printed goes to stderr.
        PrintStream stdout = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        List<String> positional = positional(args);
        if (positional.size() > 1) {
            System.err.println("pulumi-resource-gpushare: expected at most one argument (the engine address), got " + positional);
            System.exit(2);
        }
        GpushareProvider provider = new GpushareProvider(null);
        Server server = start(provider);
        if (List.of(args).contains("--train")) { // build time: see Training
            dev.gpushare.pulumi.internal.Training.run(server);
            server.shutdownNow();
            return;
        }
        stdout.println(server.getPort());
        stdout.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            try {
                server.awaitTermination(2, java.util.concurrent.TimeUnit.SECONDS);
                provider.close(); // the engine interrupts the plugin at the end of an operation: store what is kept
            } catch (InterruptedException | RuntimeException e) {
                System.err.println("gpushare-provider: closing the backend at exit: " + e);
            }
        }, "provider-shutdown"));
        server.awaitTermination();
    }

    /** Starts the gRPC server for {@code provider} on 127.0.0.1 and an ephemeral port. */
    public static Server start(GpushareProvider provider) throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .maxInboundMessageSize(MAX_INBOUND_BYTES)
                .addService(provider)
                .build()
                .start();
    }

    /** The non-flag arguments (the engine address). */
    public static List<String> positional(String[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--tracing")) {
                i++; // its value
            } else if (!a.startsWith("-")) { // --logtostderr, -v=N, --logflow, --train are flags
                out.add(a);
            }
        }
        return out;
    }
}
