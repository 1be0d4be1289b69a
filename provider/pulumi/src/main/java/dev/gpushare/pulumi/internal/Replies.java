package dev.gpushare.pulumi.internal;

import dev.gpushare.engine.backend.BackendException;
import dev.gpushare.model.problem.SpecException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/**
 * Every RPC's answer: the value, or a deliberate gRPC status (never an accidental UNKNOWN). For
 * Update, Delete and Read the code matters to the engine: INTERNAL means "outcome unknown",
 * anything else "nothing happened".
 */
public final class Replies {
    private Replies() {}

    public static <T> void reply(StreamObserver<T> out, Supplier<T> body) {
        T value;
        try {
            value = body.get();
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (BackendException e) {
            out.onError(Status.UNAVAILABLE.withDescription(e.getMessage()).asRuntimeException());
            return;
        } catch (IllegalArgumentException | SpecException e) {
            out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
            return;
        } catch (RuntimeException e) {
            Log.info("internal error: " + e);
            e.printStackTrace(System.err);
            out.onError(Status.INTERNAL.withDescription("gpushare provider bug: " + e).withCause(e).asRuntimeException());
            return;
        }
        out.onNext(value);
        out.onCompleted();
    }
}
