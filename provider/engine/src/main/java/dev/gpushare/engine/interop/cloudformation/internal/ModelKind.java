package dev.gpushare.engine.interop.cloudformation.internal;

import dev.gpushare.engine.interop.cloudformation.Template;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code AWS::SageMaker::Model}: one per model the spec's inference components name, under that
 * name. Its image and model data are parameters: the spec names a model, it does not hold one.
 */
public final class ModelKind {
    private ModelKind() {}

    /** Adds the model; returns its logical id. */
    public static String add(TemplateBuilder b, String model, String firstComponent) {
        String id = b.id(model, "Model");
        String image = b.parameter(id + "Image", Template.Parameter.required("String",
                "Inference container image (an ECR image URI) of model '" + model + "', which component '" + firstComponent + "' runs."));
        String hasData = b.optionalParameter(id + "DataUrl", "S3 URI of model '" + model + "''s artifacts (model.tar.gz or a prefix)."
                + " Leave empty when the image holds the model or fetches it.");
        ObjectNode p = Fn.object();
        p.put("ModelName", model);
        p.set("ExecutionRoleArn", Fn.ref(SageMakerKinds.executionRole(b)));
        ObjectNode container = p.putObject("PrimaryContainer");
        container.set("Image", Fn.ref(image));
        container.set("ModelDataUrl", Fn.ifElseNoValue(hasData, Fn.ref(id + "DataUrl")));
        b.resource(id, "AWS::SageMaker::Model", List.of(), p);
        return id;
    }
}
