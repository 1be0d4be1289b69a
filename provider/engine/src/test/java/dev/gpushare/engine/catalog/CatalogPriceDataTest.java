package dev.gpushare.engine.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpushare.engine.catalog.internal.CatalogLoader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** prices.json: one honest figure per catalog instance type, and derived figures that follow their rule. */
class CatalogPriceDataTest {
    private static final Catalog CATALOG = Catalog.builtIn();
    private static final JsonNode DOC = CatalogLoader.readResource(CatalogLoader.PRICES_RESOURCE);

    @Test
    void everyCatalogTypeHasExactlyOnePriceInUsEast1() {
        assertThat(CATALOG.instanceTypes()).allSatisfy(t -> {
            Price p = CATALOG.price(t.name()).orElseThrow();
            assertThat(p.region()).as(t.name()).isEqualTo("us-east-1");
            assertThat(p.date()).as(t.name()).isEqualTo(LocalDate.of(2026, 7, 20));
            assertThat(p.perHour()).as(t.name()).isPositive();
            assertThat(p.basis()).as(t.name()).isNotEqualTo(PriceBasis.SPEC);
        });
        assertThat(DOC.get("prices").size()).isEqualTo(CATALOG.instanceTypes().size());
    }

    @Test
    void aDerivedPriceIsItsBaseTimesItsFactorAndItsBasisFollowsTheBase() {
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode p : DOC.get("prices").values()) byName.put(p.get("instanceType").asString(), p);

        assertThat(byName.values()).allSatisfy(p -> {
            String name = p.get("instanceType").asString();
            assertThat(DOC.get("sources").has(p.get("source").asString())).as(name).isTrue();
            if (!p.has("derivedFrom")) {
                assertThat(p.get("basis").asString()).as(name).isEqualTo("published");
                return;
            }
            JsonNode base = byName.get(p.get("derivedFrom").asString());
            assertThat(base).as(name + " derives from a priced type").isNotNull();
            BigDecimal expected = base.get("perHour").decimalValue().multiply(p.get("factor").decimalValue())
                    .setScale(6, RoundingMode.HALF_UP);
            assertThat(p.get("perHour").decimalValue()).as(name).isEqualByComparingTo(expected);
            String basis = base.get("basis").asString().equals("published") && !p.get("source").asString().equals("no-on-demand")
                    ? "derived" : "estimate";
            assertThat(p.get("basis").asString()).as(name).isEqualTo(basis);
        });
    }

    @Test
    void everySageMakerPriceDerivesFromItsEc2Twin() {
        for (JsonNode p : DOC.get("prices").values()) {
            String name = p.get("instanceType").asString();
            if (!name.startsWith("ml.")) continue;
            assertThat(p.get("derivedFrom").asString()).as(name).isEqualTo(name.substring(3));
            assertThat(p.get("source").asString()).as(name).isEqualTo("sagemaker-markup");
        }
    }

    /**
     * Figures read in the sources, and the SageMaker figures the markup rule must reproduce (the
     * third-party quotes named in the 'sagemaker-markup' source): EC2 × 1.15 for P, × 1.4 for G
     * xlarge, × 1.25 for other G sizes.
     */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
            "g6.12xlarge, 4.6016", "g5.xlarge, 1.006", "p4d.24xlarge, 21.957642", "p5.48xlarge, 55.04",
            "g7.2xlarge, 2.52", "g7e.2xlarge, 3.36312", "g6f.large, 0.202", "p6-b300.48xlarge, 142.416",
            // 55.04 × 1.15 = 63.296; 21.957642 × 1.15 = 25.2512883 → 25.251288
            "ml.p5.48xlarge, 63.296", "ml.p4d.24xlarge, 25.251288",
            // 1.006 × 1.4 = 1.4084; 0.8048 × 1.4 = 1.12672; 1.861 × 1.4 = 2.6054
            "ml.g5.xlarge, 1.4084", "ml.g6.xlarge, 1.12672", "ml.g6e.xlarge, 2.6054",
            // 1.212 × 1.25 = 1.515; 4.6016 × 1.25 = 5.752; 3.36312 × 1.25 = 4.2039; 33.14432 × 1.25 = 41.4304
            "ml.g5.2xlarge, 1.515", "ml.g6.12xlarge, 5.752", "ml.g7e.2xlarge, 4.2039", "ml.g7e.48xlarge, 41.4304"})
    void knownFigures(String type, String perHour) {
        assertThat(CATALOG.price(type).orElseThrow().perHour()).isEqualByComparingTo(perHour);
    }

    @Test
    void typesWithoutAnOnDemandOfferAreMarkedAsEstimates() {
        assertThat(CATALOG.price("p5e.48xlarge").orElseThrow().basis()).isEqualTo(PriceBasis.ESTIMATE);
        assertThat(CATALOG.price("p6e-gb200.36xlarge").orElseThrow().basis()).isEqualTo(PriceBasis.ESTIMATE);
        assertThat(CATALOG.price("ml.p6e-gb200.36xlarge").orElseThrow().basis()).isEqualTo(PriceBasis.ESTIMATE);
        assertThat(CATALOG.price("ml.p5.48xlarge").orElseThrow().basis()).isEqualTo(PriceBasis.DERIVED);
        assertThat(CATALOG.price("p5.48xlarge").orElseThrow().basis()).isEqualTo(PriceBasis.PUBLISHED);
    }
}
