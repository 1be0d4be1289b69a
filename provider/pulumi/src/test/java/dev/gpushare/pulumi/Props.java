package dev.gpushare.pulumi;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

/** Test helper: Structs from JSON text and back. */
final class Props {
    private Props() {}

    static Struct struct(String json) {
        Struct.Builder b = Struct.newBuilder();
        try {
            JsonFormat.parser().merge(json, b);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException(json, e);
        }
        return b.build();
    }

    static String json(Struct s) {
        try {
            return JsonFormat.printer().omittingInsignificantWhitespace().print(s);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}
