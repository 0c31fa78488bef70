package io.sluice.runtime.operators.aggregate;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;

/** Copies the accumulators of user-defined aggregate functions, which only their class knows how to copy. */
public final class UserAccumulators {
    private UserAccumulators() {
    }

    /** A deep copy of {@code accumulator} through Java serialization, loading classes where it was loaded. */
    public static Object copy(Object accumulator) {
        if (accumulator == null) {
            return null;
        }
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(accumulator);
            }
            ClassLoader loader = accumulator.getClass().getClassLoader();
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass description) throws IOException, ClassNotFoundException {
                    try {
                        return Class.forName(description.getName(), false, loader);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(description);
                    }
                }
            }) {
                return in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new UncheckedIOException("Cannot copy the accumulator " + accumulator.getClass().getName()
                    + ": it must be " + Serializable.class.getName() + " with serializable fields",
                    e instanceof IOException io ? io : new IOException(e));
        }
    }
}
