package dev.gpushare.engine.placement;

import org.junit.jupiter.api.Test;
import dev.gpushare.engine.state.StateJson;
import dev.gpushare.engine.state.StateText;

class SmokeTest {
    @Test
    void contract() throws Exception {
        var spec = Specs.file(java.nio.file.Path.of("../../examples/contract-example/spec.yaml"));
        var s = Specs.place(spec);
        System.out.println(StateText.render(s));
        System.out.println(StateJson.toJson(s).substring(0, 1500));
        for (String ex : new String[]{"mps-sharing", "ecs-gpu-tasks", "sagemaker-mig"}) {
            var sp = Specs.file(java.nio.file.Path.of("../../examples/" + ex + "/spec.yaml"));
            System.out.println(StateText.render(Specs.place(sp)));
        }
    }
}
