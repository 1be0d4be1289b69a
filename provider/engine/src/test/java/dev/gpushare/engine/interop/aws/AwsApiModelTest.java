package dev.gpushare.engine.interop.aws;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checker on a small model of its own (no botocore needed), one row per rule: each bad document
 * names the path and the rule it breaks, the good one has no violation.
 */
class AwsApiModelTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    // Thing {Name: string 1..8 [a-z]+ (required), Count: integer 1..10, Kind: enum A|B,
    //        Tags: list 0..2 of string, Choice: union {X: boolean, Y: double}, Meta: map string→integer}
    private static final AwsApiModel MODEL = AwsApiModel.of("test", JSON.readTree("""
            {"operations": {"MakeThing": {"input": {"shape": "Thing"}}},
             "shapes": {
               "Thing": {"type": "structure", "required": ["Name"], "members": {
                 "Name": {"shape": "Name"}, "Count": {"shape": "Count"}, "Kind": {"shape": "Kind"},
                 "Tags": {"shape": "Tags"}, "Choice": {"shape": "Choice"}, "Meta": {"shape": "Meta"}}},
               "Name": {"type": "string", "min": 1, "max": 8, "pattern": "[a-z]+"},
               "Count": {"type": "integer", "min": 1, "max": 10},
               "Kind": {"type": "string", "enum": ["A", "B"]},
               "Tags": {"type": "list", "member": {"shape": "Name"}, "max": 2},
               "Choice": {"type": "structure", "union": true, "members": {"X": {"shape": "Flag"}, "Y": {"shape": "Ratio"}}},
               "Flag": {"type": "boolean"},
               "Ratio": {"type": "double", "min": 0},
               "Meta": {"type": "map", "key": {"shape": "Name"}, "value": {"shape": "Count"}}}}
            """));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        good                 | {"Name":"abc","Count":3,"Kind":"B","Tags":["x"],"Choice":{"Y":0.5},"Meta":{"k":1}} | ''
        required missing     | {"Count":3}                                   | (document): Thing requires Name
        unknown member       | {"Name":"abc","Colour":"red"}                 | /Colour: Thing has no member Colour; its members are [Name, Count, Kind, Tags, Choice, Meta]
        integer type         | {"Name":"abc","Count":"3"}                    | /Count: Count is an integer; got string "3"
        fraction for integer | {"Name":"abc","Count":2.5}                    | /Count: Count is an integer; got number 2.5
        integer range        | {"Name":"abc","Count":11}                     | /Count: Count is at most 10; got 11
        string length        | {"Name":"abcdefghi"}                          | /Name: Name has at most 8 characters; got 9
        pattern              | {"Name":"ab1"}                                | /Name: 'ab1' does not match Name's pattern [a-z]+
        enum                 | {"Name":"abc","Kind":"C"}                     | /Kind: 'C' is not one of Kind's values [A, B]
        list size            | {"Name":"abc","Tags":["a","b","c"]}           | /Tags: Tags has at most 2 items; got 3
        list member          | {"Name":"abc","Tags":["A"]}                   | /Tags/0: 'A' does not match Name's pattern [a-z]+
        union of two         | {"Name":"abc","Choice":{"X":true,"Y":1}}      | /Choice: Choice is a union: set exactly one of [X, Y]; got 2
        union of none        | {"Name":"abc","Choice":{}}                    | /Choice: Choice is a union: set exactly one of [X, Y]; got 0
        double range         | {"Name":"abc","Choice":{"Y":-1}}              | /Choice/Y: Ratio is at least 0; got -1
        map value            | {"Name":"abc","Meta":{"k":0}}                 | /Meta/k: Count is at least 1; got 0
        null member          | {"Name":"abc","Count":null}                   | /Count: null where Count (integer) is expected; leave the member out instead
        """)
    void eachRuleNamesThePathAndTheLimit(String rule, String document, String expected) {
        List<String> got = MODEL.checkInput("MakeThing", JSON.readTree(document)).stream().map(Object::toString).toList();
        assertThat(got).isEqualTo(expected.isEmpty() ? List.of() : List.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        lowerCamel accepted    | {"name":"abc","count":3}  | ''
        PascalCase not matched | {"Name":"abc"}            | /Name: Thing has no member Name; its members are [name, count, kind, tags, choice, meta]
        """)
    void lowerCamelNamingMapsTheFirstLetter(String rule, String document, String expected) {
        JsonNode doc = JSON.readTree(document);
        List<String> got = MODEL.check("Thing", doc, AwsApiModel.Naming.LOWER_CAMEL).stream()
                .map(Object::toString).filter(v -> !v.contains("requires")).toList();
        assertThat(got).isEqualTo(expected.isEmpty() ? List.of() : List.of(expected));
    }

    @org.junit.jupiter.api.Test
    void enumValuesAreListedInModelOrder() {
        assertThat(MODEL.enumValues("Kind")).containsExactly("A", "B");
        assertThat(MODEL.enumValues("Name")).isEmpty();
    }
}
