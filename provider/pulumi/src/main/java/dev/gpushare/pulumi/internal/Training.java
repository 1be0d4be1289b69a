package dev.gpushare.pulumi.internal;

import com.google.protobuf.Empty;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.gpushare.pulumi.internal.kind.Kinds;
import pulumirpc.Provider;
import pulumirpc.ResourceProviderGrpc;

/**
 * A training run for the archive made at build time (JDK 25+: the AOT cache, {@code -XX:AOTCacheOutput};
 * older JDKs: the class-data archive, {@code -XX:ArchiveClassesAtExit}): serves itself the calls a
 * provider start makes (Handshake … Check, a preview Create, a first {@code up}), then a preview with
 * nothing changed as a new process serves it (Configure, the baseline restored, Check and Diff), so the
 * classes they load (and, with the AOT cache, link) are in the archive and the next start skips that work.
 */
public final class Training {
    private Training() {}

    public static void run(Server server) throws IOException {
        Path dir = Files.createTempDirectory("gpushare-train");
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
        try {
            var stub = ResourceProviderGrpc.newBlockingStub(channel);
            stub.handshake(Provider.ProviderHandshakeRequest.newBuilder().setEngineAddress("127.0.0.1:1")
                    .setProgramDirectory(dir.toString()).build());
            stub.getPluginInfo(Empty.getDefaultInstance());
            stub.getSchema(Provider.GetSchemaRequest.getDefaultInstance());
            Struct config = Struct.newBuilder().putFields("backend", string("file:state.db")).build();
            stub.checkConfig(Provider.CheckRequest.newBuilder().setNews(config).build());
            stub.configure(Provider.ConfigureRequest.newBuilder().setArgs(config).build());
            Struct cp = Struct.newBuilder().putFields("cluster", string("train")).putFields("name", string("p"))
                    .putFields("instanceType", string("g6.12xlarge")).build();
            stub.check(Provider.CheckRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setNews(cp).build());
            stub.create(Provider.CreateRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setProperties(cp)
                    .setPreview(true).build());
            stub.diff(Provider.DiffRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setOlds(cp).setNews(cp).build());
            // a task definition and a service: validation, planning and the outputs of the first up
            Struct gpu = Struct.newBuilder().putFields("nvidiaMps", Value.newBuilder().setStructValue(Struct.newBuilder()
                    .putFields("memory", Value.newBuilder().setNumberValue(4096).build())).build()).build();
            Struct td = Struct.newBuilder().putFields("cluster", string("train")).putFields("family", string("t"))
                    .putFields("containers", Value.newBuilder().setListValue(com.google.protobuf.ListValue.newBuilder()
                            .addValues(Value.newBuilder().setStructValue(Struct.newBuilder().putFields("name", string("m"))
                                    .putFields("image", string("i")).putFields("gpu", Value.newBuilder().setStructValue(gpu).build()))))
                            .build()).build();
            stub.create(Provider.CreateRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setProperties(cp).build());
            stub.create(Provider.CreateRequest.newBuilder().setType(Kinds.TASK_DEFINITION.token()).setProperties(td).build());
            Struct svc = Struct.newBuilder().putFields("cluster", string("train")).putFields("name", string("s"))
                    .putFields("taskDefinition", string("t")).putFields("capacityProvider", string("p"))
                    .putFields("desiredCount", Value.newBuilder().setNumberValue(1).build()).build();
            stub.check(Provider.CheckRequest.newBuilder().setType(Kinds.SERVICE.token()).setNews(svc).build());
            var created = stub.create(Provider.CreateRequest.newBuilder().setType(Kinds.SERVICE.token()).setProperties(svc).build());
            stub.diff(Provider.DiffRequest.newBuilder().setType(Kinds.SERVICE.token()).setId(created.getId())
                    .setOlds(created.getProperties()).setNews(svc).build());
            // the next operation, a preview with nothing changed, as a new plugin process serves it: Configure
            // opens the backend afresh (the baseline restored from the stored snapshot), then Check and Diff
            stub.configure(Provider.ConfigureRequest.newBuilder().setArgs(config).build());
            for (int round = 0; round < 2; round++) {
                stub.check(Provider.CheckRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setOlds(cp).setNews(cp).build());
                stub.diff(Provider.DiffRequest.newBuilder().setType(Kinds.CAPACITY_PROVIDER.token()).setOlds(cp).setNews(cp).build());
                stub.check(Provider.CheckRequest.newBuilder().setType(Kinds.TASK_DEFINITION.token()).setOlds(td).setNews(td).build());
                stub.diff(Provider.DiffRequest.newBuilder().setType(Kinds.TASK_DEFINITION.token()).setOlds(td).setNews(td).build());
                stub.check(Provider.CheckRequest.newBuilder().setType(Kinds.SERVICE.token()).setOlds(created.getProperties())
                        .setNews(svc).build());
                stub.diff(Provider.DiffRequest.newBuilder().setType(Kinds.SERVICE.token()).setId(created.getId())
                        .setOlds(created.getProperties()).setNews(svc).build());
            }
        } finally {
            channel.shutdownNow();
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Value string(String s) {
        return Value.newBuilder().setStringValue(s).build();
    }
}
