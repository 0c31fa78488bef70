package io.sluice.runtime.state;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Sluice's own format for operator and connector state: a tagged, self-describing encoding that does
 * not depend on Java serialization's class layout. Values (numbers, text, decimals, times, enums) are
 * written by value; collections, maps and arrays with their elements; records by component name and
 * other classes by field name, so a later version that adds a field reads what an earlier one wrote (the
 * new field keeps its default) and one that drops a field skips it. An object reached twice is written
 * once and referred to after, so state that shares rows keeps sharing them.
 *
 * <p>Classes are named by their binary names and loaded through the given class loader (user-defined
 * accumulators come from the job's class path). Collections keep their kind: {@code HashMap} comes back
 * as {@code HashMap}, {@code TreeMap} (natural order) as {@code TreeMap}; an unmodifiable list comes back
 * as an {@code ArrayList}.
 */
public final class StateCodec {
    private static final byte NULL = 0, REF = 1, BOOLEAN = 2, BYTE = 3, SHORT = 4, INT = 5, LONG = 6, FLOAT = 7,
            DOUBLE = 8, CHAR = 9, STRING = 10, DECIMAL = 11, BIG_INTEGER = 12, DATE = 13, TIME = 14, TIMESTAMP = 15,
            INSTANT = 16, DURATION = 17, ENUM = 18, BYTES = 19, PRIMITIVES = 20, ARRAY = 21, LIST = 22, SET = 23,
            MAP = 24, RECORD = 25, OBJECT = 26;

    private StateCodec() {
    }

    /**
     * @throws IllegalArgumentException naming the class when a value's class cannot be written (a sorted
     *                                  collection with a comparator, a JDK class other than those above)
     */
    public static void write(Object value, DataOutputStream out) throws IOException {
        new Writer(out).value(value);
    }

    /** @throws IOException when the bytes are not state this codec wrote, naming what does not fit */
    public static Object read(DataInputStream in, ClassLoader classes) throws IOException {
        return new Reader(in, classes).value();
    }

    private static final class Writer {
        private final DataOutputStream out;
        private final IdentityHashMap<Object, Integer> seen = new IdentityHashMap<>();

        Writer(DataOutputStream out) {
            this.out = out;
        }

        void value(Object value) throws IOException {
            if (value == null) {
                out.writeByte(NULL);
            } else if (!scalar(value)) {
                Integer reference = seen.get(value);
                if (reference != null) {
                    out.writeByte(REF);
                    out.writeInt(reference);
                    return;
                }
                seen.put(value, seen.size());
                composite(value);
            }
        }

        /** Writes {@code value} when it is written by value; false for objects that may be shared. */
        private boolean scalar(Object value) throws IOException {
            if (value instanceof Boolean b) {
                tag(BOOLEAN).writeBoolean(b);
            } else if (value instanceof Byte b) {
                tag(BYTE).writeByte(b);
            } else if (value instanceof Short s) {
                tag(SHORT).writeShort(s);
            } else if (value instanceof Integer i) {
                tag(INT).writeInt(i);
            } else if (value instanceof Long l) {
                tag(LONG).writeLong(l);
            } else if (value instanceof Float f) {
                tag(FLOAT).writeFloat(f);
            } else if (value instanceof Double d) {
                tag(DOUBLE).writeDouble(d);
            } else if (value instanceof Character c) {
                tag(CHAR).writeChar(c);
            } else if (value instanceof String s) {
                string(tag(STRING), s);
            } else if (value instanceof BigDecimal d) {
                bytes(tag(DECIMAL), d.unscaledValue().toByteArray());
                out.writeInt(d.scale());
            } else if (value instanceof BigInteger i) {
                bytes(tag(BIG_INTEGER), i.toByteArray());
            } else {
                return temporalOrEnum(value);
            }
            return true;
        }

        private boolean temporalOrEnum(Object value) throws IOException {
            if (value instanceof LocalDate d) {
                tag(DATE).writeLong(d.toEpochDay());
            } else if (value instanceof LocalTime t) {
                tag(TIME).writeLong(t.toNanoOfDay());
            } else if (value instanceof LocalDateTime t) {
                tag(TIMESTAMP).writeLong(t.toLocalDate().toEpochDay());
                out.writeLong(t.toLocalTime().toNanoOfDay());
            } else if (value instanceof Instant i) {
                tag(INSTANT).writeLong(i.getEpochSecond());
                out.writeInt(i.getNano());
            } else if (value instanceof Duration d) {
                tag(DURATION).writeLong(d.getSeconds());
                out.writeInt(d.getNano());
            } else if (value instanceof Enum<?> e) {
                string(tag(ENUM), e.getDeclaringClass().getName());
                string(out, e.name());
            } else {
                return false;
            }
            return true;
        }

        private void composite(Object value) throws IOException {
            if (value instanceof byte[] bytes) {
                bytes(tag(BYTES), bytes);
            } else if (value.getClass().isArray() && value.getClass().getComponentType().isPrimitive()) {
                primitives(value);
            } else if (value instanceof Object[] array) {
                string(tag(ARRAY), array.getClass().getComponentType().getName());
                out.writeInt(array.length);
                for (Object element : array) {
                    value(element);
                }
            } else if (value instanceof Map<?, ?> map) {
                map(map);
            } else if (value instanceof Set<?> set) {
                collection(SET, set, kind(set, LinkedHashSet.class, HashSet.class, TreeSet.class));
            } else if (value instanceof Collection<?> list) {
                collection(LIST, list, kind(list, ArrayList.class, LinkedList.class, ArrayDeque.class));
            } else if (value instanceof Record record) {
                record(record);
            } else {
                object(value);
            }
        }

        private void primitives(Object array) throws IOException {
            Class<?> component = array.getClass().getComponentType();
            string(tag(PRIMITIVES), component.getName());
            int length = Array.getLength(array);
            out.writeInt(length);
            for (int i = 0; i < length; i++) {
                switch (component.getName()) {
                    case "long" -> out.writeLong(Array.getLong(array, i));
                    case "int" -> out.writeInt(Array.getInt(array, i));
                    case "short" -> out.writeShort(Array.getShort(array, i));
                    case "char" -> out.writeChar(Array.getChar(array, i));
                    case "double" -> out.writeDouble(Array.getDouble(array, i));
                    case "float" -> out.writeFloat(Array.getFloat(array, i));
                    default -> out.writeBoolean(Array.getBoolean(array, i));
                }
            }
        }

        private void map(Map<?, ?> map) throws IOException {
            if (map instanceof SortedMap<?, ?> sorted && sorted.comparator() != null) {
                throw unsupported(map, "a sorted map with a comparator");
            }
            string(tag(MAP), kind(map, LinkedHashMap.class, HashMap.class, TreeMap.class));
            out.writeInt(map.size());
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                value(entry.getKey());
                value(entry.getValue());
            }
        }

        private void collection(byte tag, Collection<?> collection, String kind) throws IOException {
            if (collection instanceof SortedSet<?> sorted && sorted.comparator() != null) {
                throw unsupported(collection, "a sorted set with a comparator");
            }
            string(tag(tag), kind);
            out.writeInt(collection.size());
            for (Object element : collection) {
                value(element);
            }
        }

        private void record(Record record) throws IOException {
            RecordComponent[] components = record.getClass().getRecordComponents();
            string(tag(RECORD), record.getClass().getName());
            out.writeInt(components.length);
            for (RecordComponent component : components) {
                string(out, component.getName());
                try {
                    component.getAccessor().setAccessible(true);
                    value(component.getAccessor().invoke(record));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalArgumentException("Cannot read component " + component.getName() + " of "
                            + record.getClass().getName() + ": " + e, e);
                }
            }
        }

        private void object(Object value) throws IOException {
            Class<?> type = value.getClass();
            if (type.getName().startsWith("java.") || type.getName().startsWith("javax.")
                    || type.isSynthetic() || type.isAnonymousClass()) {
                throw unsupported(value, "a class state is not written in");
            }
            List<Field> fields = fields(type);
            string(tag(OBJECT), type.getName());
            out.writeInt(fields.size());
            for (Field field : fields) {
                string(out, field.getName());
                try {
                    value(field.get(value));
                } catch (IllegalAccessException e) {
                    throw new IllegalArgumentException("Cannot read field " + field.getName() + " of " + type.getName(), e);
                }
            }
        }

        private DataOutputStream tag(byte tag) throws IOException {
            out.writeByte(tag);
            return out;
        }

        private static void string(DataOutputStream out, String text) throws IOException {
            bytes(out, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        private static void bytes(DataOutputStream out, byte[] bytes) throws IOException {
            out.writeInt(bytes.length);
            out.write(bytes);
        }

        /**
         * The class to make when reading: the collection's own when it is one of {@code kinds}, else the
         * last for a sorted one and the first (which keeps the order) for any other.
         */
        private static String kind(Object collection, Class<?>... kinds) {
            for (Class<?> kind : kinds) {
                if (collection.getClass() == kind) {
                    return kind.getName();
                }
            }
            return collection instanceof SortedMap || collection instanceof SortedSet
                    ? kinds[kinds.length - 1].getName() : kinds[0].getName();
        }

        private static IllegalArgumentException unsupported(Object value, String why) {
            return new IllegalArgumentException("State of class " + value.getClass().getName() + " cannot be written"
                    + " in a checkpoint: " + why);
        }
    }

    /** The instance fields of {@code type} and its superclasses up to Object, made accessible. */
    private static List<Field> fields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    private static final class Reader {
        private final DataInputStream in;
        private final ClassLoader classes;
        private final List<Object> seen = new ArrayList<>();

        Reader(DataInputStream in, ClassLoader classes) {
            this.in = in;
            this.classes = classes;
        }

        Object value() throws IOException {
            byte tag = in.readByte();
            return switch (tag) {
                case NULL -> null;
                case REF -> seen.get(in.readInt());
                case BOOLEAN -> in.readBoolean();
                case BYTE -> in.readByte();
                case SHORT -> in.readShort();
                case INT -> in.readInt();
                case LONG -> in.readLong();
                case FLOAT -> in.readFloat();
                case DOUBLE -> in.readDouble();
                case CHAR -> in.readChar();
                case STRING -> string();
                case DECIMAL -> new BigDecimal(new BigInteger(bytes()), in.readInt());
                case BIG_INTEGER -> new BigInteger(bytes());
                case DATE -> LocalDate.ofEpochDay(in.readLong());
                case TIME -> LocalTime.ofNanoOfDay(in.readLong());
                case TIMESTAMP -> LocalDateTime.of(LocalDate.ofEpochDay(in.readLong()), LocalTime.ofNanoOfDay(in.readLong()));
                case INSTANT -> Instant.ofEpochSecond(in.readLong(), in.readInt());
                case DURATION -> Duration.ofSeconds(in.readLong(), in.readInt());
                case ENUM -> enumConstant(string(), string());
                default -> composite(tag);
            };
        }

        private Object composite(byte tag) throws IOException {
            return switch (tag) {
                case BYTES -> shared(bytes());
                case PRIMITIVES -> primitives();
                case ARRAY -> array();
                case LIST, SET -> collection();
                case MAP -> map();
                case RECORD -> record();
                case OBJECT -> object();
                default -> throw new IOException("Not Sluice state: unknown tag " + tag);
            };
        }

        private Object primitives() throws IOException {
            Class<?> component = type(string());
            Object array = shared(Array.newInstance(component, in.readInt()));
            for (int i = 0; i < Array.getLength(array); i++) {
                switch (component.getName()) {
                    case "long" -> Array.setLong(array, i, in.readLong());
                    case "int" -> Array.setInt(array, i, in.readInt());
                    case "short" -> Array.setShort(array, i, in.readShort());
                    case "char" -> Array.setChar(array, i, in.readChar());
                    case "double" -> Array.setDouble(array, i, in.readDouble());
                    case "float" -> Array.setFloat(array, i, in.readFloat());
                    default -> Array.setBoolean(array, i, in.readBoolean());
                }
            }
            return array;
        }

        private Object array() throws IOException {
            Class<?> component = type(string());
            Object[] array = shared((Object[]) Array.newInstance(component, in.readInt()));
            for (int i = 0; i < array.length; i++) {
                array[i] = value();
            }
            return array;
        }

        @SuppressWarnings("unchecked")
        private Object collection() throws IOException {
            Collection<Object> collection = shared((Collection<Object>) instantiate(type(string())));
            int size = in.readInt();
            for (int i = 0; i < size; i++) {
                collection.add(value());
            }
            return collection;
        }

        @SuppressWarnings("unchecked")
        private Object map() throws IOException {
            Map<Object, Object> map = shared((Map<Object, Object>) instantiate(type(string())));
            int size = in.readInt();
            for (int i = 0; i < size; i++) {
                map.put(value(), value());
            }
            return map;
        }

        /** Records cannot refer to themselves: they are registered once built, in the order they were written. */
        private Object record() throws IOException {
            int slot = seen.size();
            seen.add(null);
            Class<?> type = type(string());
            Map<String, Object> values = new HashMap<>();
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                values.put(string(), value());
            }
            RecordComponent[] components = type.getRecordComponents();
            if (components == null) {
                throw new IOException("Checkpoint state names " + type.getName() + " as a record; it no longer is one");
            }
            Class<?>[] parameterTypes = new Class<?>[components.length];
            Object[] arguments = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                parameterTypes[i] = components[i].getType();
                arguments[i] = values.containsKey(components[i].getName()) ? values.get(components[i].getName())
                        : defaultValue(components[i].getType());
            }
            try {
                Constructor<?> constructor = type.getDeclaredConstructor(parameterTypes);
                constructor.setAccessible(true);
                Object record = constructor.newInstance(arguments);
                seen.set(slot, record);
                return record;
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw new IOException("Cannot rebuild " + type.getName() + " from checkpoint state: " + e, e);
            }
        }

        private Object object() throws IOException {
            Class<?> type = type(string());
            Object instance = shared(instantiate(type));
            Map<String, Field> fields = new HashMap<>();
            fields(type).forEach(field -> fields.putIfAbsent(field.getName(), field));
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                Field field = fields.get(string());
                Object value = value();
                if (field != null) {
                    try {
                        field.set(instance, value);
                    } catch (IllegalAccessException | IllegalArgumentException e) {
                        throw new IOException("Cannot restore field " + field.getName() + " of " + type.getName()
                                + " from checkpoint state: " + e, e);
                    }
                }
            }
            return instance;
        }

        private <T> T shared(T object) {
            seen.add(object);
            return object;
        }

        private Class<?> type(String name) throws IOException {
            return switch (name) {
                case "boolean" -> boolean.class;
                case "byte" -> byte.class;
                case "short" -> short.class;
                case "int" -> int.class;
                case "long" -> long.class;
                case "float" -> float.class;
                case "double" -> double.class;
                case "char" -> char.class;
                default -> {
                    try {
                        yield Class.forName(name, false, classes);
                    } catch (ClassNotFoundException e) {
                        throw new IOException("Checkpoint state needs class " + name + ", which is not on the class path",
                                e);
                    }
                }
            };
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private Object enumConstant(String type, String name) throws IOException {
            try {
                return Enum.valueOf((Class<? extends Enum>) type(type), name);
            } catch (IllegalArgumentException e) {
                throw new IOException("Checkpoint state holds " + type + "." + name + ", which no longer exists", e);
            }
        }

        /** A new instance without running a constructor, as Java serialization makes them. */
        private static Object instantiate(Class<?> type) throws IOException {
            try {
                if (type.getName().startsWith("java.")) {
                    return type.getDeclaredConstructor().newInstance();
                }
                Constructor<?> constructor = sun.reflect.ReflectionFactory.getReflectionFactory()
                        .newConstructorForSerialization(type, Object.class.getDeclaredConstructor());
                return constructor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IOException("Cannot create " + type.getName() + " from checkpoint state: " + e, e);
            }
        }

        private String string() throws IOException {
            return new String(bytes(), java.nio.charset.StandardCharsets.UTF_8);
        }

        private byte[] bytes() throws IOException {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            return bytes;
        }

        private static Object defaultValue(Class<?> type) {
            if (!type.isPrimitive()) {
                return null;
            }
            return type == boolean.class ? false : type == long.class ? 0L : type == double.class ? 0.0
                    : type == float.class ? 0.0f : type == char.class ? '\0' : type == byte.class ? (byte) 0
                    : type == short.class ? (short) 0 : 0;
        }
    }
}
