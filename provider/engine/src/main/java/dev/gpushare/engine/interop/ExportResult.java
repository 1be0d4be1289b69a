package dev.gpushare.engine.interop;

import dev.gpushare.model.problem.Problem;

import java.util.List;

/**
 * The documents an export wrote, and what it left out or could not make complete.
 *
 * @param documents the request documents, in spec order
 * @param notes     parts of the spec that do not map to the cloud format, or that need a value
 *                  the spec does not hold; paths point into the spec. Warnings, not errors: the
 *                  documents are still written.
 */
public record ExportResult(List<ExportedDocument> documents, List<Problem> notes) {
    public ExportResult {
        documents = List.copyOf(documents);
        notes = List.copyOf(notes);
    }
}
