package io.sluice.planner.codegen;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;

/**
 * What one generated class accumulates while its expressions are generated: fresh local names,
 * constants hoisted to static fields, per-instance fields, and the input fields read so far.
 *
 * <p>Input fields are unboxed into locals once, at the top level of the method, so that nested blocks
 * (CASE branches, AND/OR short cuts) can use them; {@link #takeInputDeclarations()} hands over the
 * declarations still to be written.
 */
final class CodeGenContext {
    private final ZoneId sessionZone;
    private final List<InputRow> inputs;
    private final Map<String, String> staticFieldsByDeclaration = new LinkedHashMap<>();
    private final List<String> fieldDeclarations = new ArrayList<>();
    private final Map<Integer, GeneratedExpression> inputFields = new LinkedHashMap<>();
    private final StringBuilder pendingInputDeclarations = new StringBuilder();
    private int nameCounter;

    /** One input row: the name of its {@code Object[]} field array and its type. */
    record InputRow(String arrayTerm, RelDataType rowType) {
    }

    CodeGenContext(ZoneId sessionZone, List<InputRow> inputs) {
        this.sessionZone = sessionZone;
        this.inputs = List.copyOf(inputs);
    }

    /** A local name not used before in this class. */
    String newName(String base) {
        return base + nameCounter++;
    }

    /** A {@code private static final} field with this initializer, shared by equal requests. */
    String staticField(String javaType, String initializer) {
        String key = javaType + " = " + initializer;
        String existing = staticFieldsByDeclaration.get(key);
        if (existing != null) {
            return existing;
        }
        String name = "CONSTANT_" + staticFieldsByDeclaration.size();
        staticFieldsByDeclaration.put(key, name);
        fieldDeclarations.add("private static final " + javaType + " " + name + " = " + initializer + ";");
        return name;
    }

    /** A {@code private final} instance field, for state such as a random generator. */
    String instanceField(String javaType, String initializer) {
        String name = newName("member");
        fieldDeclarations.add("private final " + javaType + " " + name + " = " + initializer + ";");
        return name;
    }

    /** The session time zone, as a static field of the generated class. */
    String zoneTerm() {
        return staticField("java.time.ZoneId", "java.time.ZoneId.of(" + JavaLiterals.string(sessionZone.getId()) + ")");
    }

    /** The field at {@code index} of the concatenated inputs, unboxed into locals on first use. */
    GeneratedExpression inputField(int index) {
        GeneratedExpression known = inputFields.get(index);
        if (known != null) {
            return known;
        }
        int position = index;
        for (InputRow input : inputs) {
            int arity = input.rowType().getFieldCount();
            if (position < arity) {
                GeneratedExpression field = declareInputField(input, position, index);
                inputFields.put(index, field);
                return field;
            }
            position -= arity;
        }
        throw new IllegalArgumentException("Input field $" + index + " does not exist in " + inputs);
    }

    private GeneratedExpression declareInputField(InputRow input, int position, int index) {
        RelDataType type = input.rowType().getFieldList().get(position).getType();
        String javaType = JavaTypes.javaType(type);
        String value = "field" + index;
        String isNull = "field" + index + "IsNull";
        String element = input.arrayTerm() + "[" + position + "]";
        if (JavaTypes.isPrimitive(javaType)) {
            pendingInputDeclarations.append("boolean ").append(isNull).append(" = ").append(element)
                    .append(" == null;\n").append(javaType).append(' ').append(value).append(" = ").append(isNull)
                    .append(" ? ").append(JavaTypes.defaultValue(type)).append(" : ")
                    .append(JavaTypes.unbox(type, element)).append(";\n");
        } else {
            pendingInputDeclarations.append(javaType).append(' ').append(value).append(" = ")
                    .append(JavaTypes.unbox(type, element)).append(";\n").append("boolean ").append(isNull)
                    .append(" = ").append(value).append(" == null;\n");
        }
        return new GeneratedExpression("", isNull, value, type);
    }

    /** The declarations of input fields first used since the last call. */
    String takeInputDeclarations() {
        String declarations = pendingInputDeclarations.toString();
        pendingInputDeclarations.setLength(0);
        return declarations;
    }

    /** The static and instance field declarations, one per line. */
    List<String> fieldDeclarations() {
        return List.copyOf(fieldDeclarations);
    }

    ZoneId sessionZone() {
        return sessionZone;
    }
}
