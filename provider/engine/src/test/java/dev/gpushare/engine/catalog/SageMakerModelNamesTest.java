package dev.gpushare.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.internal.CatalogLoader;
import dev.gpushare.engine.interop.aws.AwsApiModel;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The catalog's SageMaker names against AWS's own SageMaker API model (botocore's service-2.json,
 * fetched by scripts/fetch-aws-models; .ci/run exports its folder as GPUSHARE_AWS_MODELS): every
 * {@code ml.} name is one AWS knows for a production variant, and every GPU instance type AWS
 * lists for the families gpushare covers is in the catalog. Skipped where the models are absent,
 * failed under CI=true.
 */
class SageMakerModelNamesTest {
    /** The enum a real-time endpoint's production variant takes ({@code ProductionVariant.InstanceType}). */
    private static final String SHAPE = "ProductionVariantInstanceType";
    /** GPU families of the catalog: the GPU-partitioning ones of the launch (P4d, P5, G7, G7e) and their neighbours. */
    private static final Pattern FAMILIES =
            Pattern.compile("^ml\\.(g4dn|g5|g6|g6e|g7|g7e|p4d|p4de|p5|p5e|p5en|p6-b200|p6-b300|p6e-gb200)\\..+");

    @Test
    void catalogNamesAreSageMakerInstanceTypesAndNoneIsMissing() {
        Set<String> aws = productionVariantInstanceTypes();
        Set<String> ml = new TreeSet<>();
        for (InstanceType t : Catalog.builtIn().instanceTypes()) if (t.name().startsWith("ml.")) ml.add(t.name());
        // Prices are checked too: a priced ml. name must be one AWS knows.
        for (JsonNode p : CatalogLoader.readResource(CatalogLoader.PRICES_RESOURCE).get("prices").values()) {
            String name = p.get("instanceType").asString();
            if (name.startsWith("ml.")) ml.add(name);
        }

        assertThat(ml).as("ml. names unknown to the SageMaker API model").isSubsetOf(aws);
        List<String> missing = aws.stream().filter(n -> FAMILIES.matcher(n).matches()).filter(n -> !ml.contains(n)).toList();
        assertThat(missing).as("SageMaker GPU instance types the catalog lacks").isEmpty();
        assertThat(aws).contains("ml.p6-b300.48xlarge", "ml.p6e-gb200.36xlarge", "ml.p5.4xlarge", "ml.g7.2xlarge");
    }

    /** The enum of {@value #SHAPE}, through the shared botocore model checker (aborts, or fails under CI, without the models). */
    static Set<String> productionVariantInstanceTypes() {
        Set<String> values = AwsApiModel.sagemaker().enumValues(SHAPE);
        assertThat(values).as(SHAPE).isNotEmpty();
        return new TreeSet<>(values);
    }
}
