package dev.gpushare.engine.placement;

import dev.gpushare.engine.resolve.ResolvedSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.gpushare.engine.catalog.Catalog;
import dev.gpushare.engine.state.FleetState;
import dev.gpushare.model.Spec;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadResult;
import dev.gpushare.model.io.SpecReader;

/** Test helpers: specs from YAML text, placement with the built-in catalog. */
final class Specs {
    private Specs() {}

    static Spec yaml(String text) {
        ParsedFile f = SpecReader.parse("spec.yaml", text);
        if (!f.problems().isEmpty()) throw new IllegalArgumentException(f.problems().toString());
        ReadResult r = SpecReader.bind(List.of(f));
        if (r.spec() == null || !r.problems().isEmpty()) throw new IllegalArgumentException(r.problems().toString());
        return r.spec();
    }

    static Spec resource(String name) {
        try (var in = Specs.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalArgumentException("no resource " + name);
            return yaml(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Spec file(Path p) {
        try {
            return yaml(Files.readString(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Catalog catalog(Spec spec) {
        return Catalog.builtIn().withDeclared(spec.instanceTypes());
    }

    static FleetState place(Spec spec) {
        return Placer.place(ResolvedSpec.of(spec), FleetState.empty(spec.cluster()));
    }
}
