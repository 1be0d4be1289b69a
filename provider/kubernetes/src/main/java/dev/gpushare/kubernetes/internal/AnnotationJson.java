package dev.gpushare.kubernetes.internal;

import java.util.List;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The JSON of gpushare's annotations: records mapped by Jackson, nothing hand-written. */
public final class AnnotationJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final TypeReference<List<PodAllocation>> ALLOCATIONS = new TypeReference<>() {};

    private AnnotationJson() {}

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static InstanceRecord instance(String json) {
        return MAPPER.readValue(json, InstanceRecord.class);
    }

    public static List<PodAllocation> allocations(String json) {
        return MAPPER.readValue(json, ALLOCATIONS);
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }
}
