package dev.gpushare.engine.interop.internal;

import dev.gpushare.engine.interop.InteropCode;
import dev.gpushare.model.problem.Problem;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems of one input file, every one of them, in the order found. */
public final class Findings {
    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    public Findings(String file) {
        this.file = file;
    }

    public void add(String path, InteropCode code, String message) {
        problems.add(new Problem(file, path, code, message, null));
    }

    public int count() {
        return problems.size();
    }

    public List<Problem> all() {
        return List.copyOf(problems);
    }
}
