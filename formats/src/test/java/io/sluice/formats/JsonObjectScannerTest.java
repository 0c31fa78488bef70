package io.sluice.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.format.MalformedMessageException;
import io.sluice.formats.json.JsonObjectScanner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonObjectScannerTest {

    @Test
    void findsEachMemberAndTheBytesOfItsValue() {
        assertThat(members(" {\"a\": 1, \"b\" :{\"x\": [1, \"}]\\\"\", {}]}, \"c\":\"t\\\"x\", \"d\": null,\"e\":-1.5e3} "))
                .containsExactly("a=1", "b={\"x\": [1, \"}]\\\"\", {}]}", "c=\"t\\\"x\"", "d=null", "e=-1.5e3");
        assertThat(members("{}")).isEmpty();
        assertThat(JsonObjectScanner.of(bytes("  \n"), 0, 3)).isNull();
    }

    @Test
    void escapedNamesAndStringsAreDecoded() {
        byte[] json = bytes("{\"\\u006fp\": \"\\u0063\"}");
        JsonObjectScanner members = JsonObjectScanner.of(json, 0, json.length);
        assertThat(members.next()).isTrue();
        assertThat(members.nameIs("op")).isTrue();
        assertThat(members.valueString()).isEqualTo("c");
    }

    @Test
    void brokenStructureIsAMalformedMessage() {
        for (String broken : List.of("{\"a\": 1", "{\"a\" 1}", "{\"a\": \"x}", "{\"a\": {\"b\": 1}", "{\"a\": 1,}",
                "{\"a\": }", "{a: 1}", "{\"a\": 1 \"b\": 2}")) {
            assertThatThrownBy(() -> members(broken)).as(broken).isInstanceOf(MalformedMessageException.class)
                    .hasMessageStartingWith("not valid JSON");
        }
        assertThatThrownBy(() -> members("[1]")).hasMessage("the message is not a JSON object");
    }

    private static List<String> members(String text) {
        byte[] json = bytes(text);
        JsonObjectScanner members = JsonObjectScanner.of(json, 0, json.length);
        List<String> found = new ArrayList<>();
        while (members.next()) {
            String value = new String(json, members.valueStart(), members.valueEnd() - members.valueStart(),
                    StandardCharsets.UTF_8);
            for (String name : List.of("a", "b", "c", "d", "e")) {
                if (members.nameIs(name)) {
                    found.add(name + "=" + value);
                }
            }
        }
        return found;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
