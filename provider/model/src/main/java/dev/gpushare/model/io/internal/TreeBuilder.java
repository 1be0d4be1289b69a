package dev.gpushare.model.io.internal;

import dev.gpushare.model.io.JsonPointers;
import dev.gpushare.model.io.LocationIndex;
import dev.gpushare.model.io.ParsedFile;
import dev.gpushare.model.io.ReadCode;
import dev.gpushare.model.problem.Problem;
import dev.gpushare.model.io.SpecReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Builds the document tree from the streaming parser rather than with {@code readTree}, so that
 * every pointer gets a line and column and every duplicate key is seen (a tree keeps only one).
 */
public final class TreeBuilder {
    // Names and strings are measured here (VALUE_TOO_LONG with the length), so Jackson's own caps
    // (50,000-character names) are lifted to the file limit rather than failing with a parse error.
    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNameLength((int) SpecReader.MAX_FILE_BYTES).maxStringLength((int) SpecReader.MAX_FILE_BYTES).build();
    private static final ObjectMapper JSON = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build())
            .build();
    // snakeyaml-engine refuses documents over 3 Mi code points by default; specs of a large fleet
    // are bigger than that (a 10 MB spec is a benchmark target), so the limit is raised to 64 MiB.
    // Its reader copies its window for every buffer's worth of a token it looks ahead into, so a
    // token of n characters costs n²/buffer: with the default 1 KiB a 5 MB line took 13 s, with
    // 256 KiB (and lines capped at MAX_LINE) it is linear.
    /** The YAML mapper, built on first use: a JSON spec never loads the YAML reader (start-up time of every command). */
    private static final class Yaml {
        static final ObjectMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                        .streamReadConstraints(CONSTRAINTS)
                        .loadSettings(LoadSettings.builder()
                                .setAllowDuplicateKeys(true) // the tree builder reports every duplicate itself
                                .setBufferSize(256 * 1024)
                                .setCodePointLimit(64 * 1024 * 1024).build())
                        .build())
                .build();
    }
    /** The longest YAML line read, in characters: a longer one is refused before the YAML reader sees it. */
    static final int MAX_LINE = 1024 * 1024;
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    // YAML errors carry their own, more precise mark ("line 2, column 1") in the message.
    private static final Pattern YAML_MARK = Pattern.compile("line (\\d+), column (\\d+)");

    private final String file;
    private final Map<String, Problem.Location> locations = new HashMap<>();
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, Anchored> anchors = new HashMap<>();
    private long aliasedValues;

    /** A value marked with {@code &name}, and how many values it holds (for the alias budget). */
    private record Anchored(JsonNode value, long size) {}

    // Aliases copy values; nested aliases multiply them ("billion laughs"). A spec never needs many.
    private static final long MAX_ALIASED_VALUES = 100_000;

    /** False for a document this program wrote: no locations, and no pointers but for problems. */
    private final boolean locate;

    private TreeBuilder(String file, boolean locate) {
        this.file = file;
        this.locate = locate;
    }

    /** Parses {@code text}; {@code yaml} selects the syntax. */
    public static ParsedFile build(String file, String text, boolean yaml) {
        return new TreeBuilder(file, true).run(text, yaml);
    }

    /**
     * Parses a JSON document this program wrote ({@code SpecWriter}): the same tree and the same
     * problems as {@link #build}, without the location of every value (the parsed file's index is
     * empty; a problem says where in the document, not at which line).
     */
    public static ParsedFile buildWritten(String file, String text) {
        return new TreeBuilder(file, false).run(text, false);
    }

    private ParsedFile run(String text, boolean yaml) {
        if (text.isBlank()) return failed(emptyFile());
        if (yaml) {
            Problem longLine = longLine(text);
            if (longLine != null) return failed(longLine);
        }
        try (JsonParser p = (yaml ? Yaml.MAPPER : JSON).createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) return failed(emptyFile());
            if (locate) locations.put("", location(p.currentTokenLocation()));
            JsonNode root = readValue(p, "", true);
            if (p.nextToken() != null) {
                Problem.Location at = location(p.currentTokenLocation());
                return failed(parseError(at, "the file holds more than one document; put one spec per file"
                        + " or merge the documents"));
            }
            return new ParsedFile(file, root, locate ? new LocationIndex(locations) : LocationIndex.EMPTY, problems);
        } catch (JacksonException e) {
            return failed(fromException(e, yaml));
        } catch (Unreadable e) {
            return failed(e.code == ReadCode.PARSE_ERROR ? parseError(e.at, e.getMessage()) : problem(e.code, e.at, e.getMessage()));
        }
    }

    private JsonNode readValue(JsonParser p, String path, boolean record) {
        if (p instanceof YAMLParser y) {
            // An alias (*name) stands for a copy of the value its anchor (&name) marked.
            if (y.currentToken() == JsonToken.VALUE_STRING && y.isCurrentAlias()) {
                Anchored anchored = anchors.get(y.getString());
                if (anchored == null) {
                    // The YAML parser reports anchors on mappings and lists only, not on scalars.
                    throw new Unreadable(location(y.currentTokenLocation()), "the alias *" + y.getString()
                            + " names no anchor &" + y.getString() + " on a mapping or list before it (anchors on"
                            + " single values are not supported); anchor a mapping or list, or write the value out");
                }
                aliasedValues += anchored.size();
                if (aliasedValues > MAX_ALIASED_VALUES) {
                    throw new Unreadable(location(y.currentTokenLocation()), "the aliases expand to more than "
                            + MAX_ALIASED_VALUES + " values; write the document out without nested aliases");
                }
                return anchored.value().deepCopy();
            }
            String anchor = y.getObjectId() instanceof String a ? a : null;
            JsonNode value = readPlain(p, path, record);
            if (anchor != null) anchors.put(anchor, new Anchored(value, size(value)));
            return value;
        }
        return readPlain(p, path, record);
    }

    private JsonNode readPlain(JsonParser p, String path, boolean record) {
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> readObject(p, path, record);
            case START_ARRAY -> readArray(p, path, record);
            case VALUE_STRING -> NODES.stringNode(string(p, p.getString()));
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> inRange(p, path, record, p.getBigIntegerValue());
            };
            // Exact decimals: 0.125 must stay 0.125, never a binary double.
            case VALUE_NUMBER_FLOAT -> decimal(p, path, record);
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> NODES.stringNode(p.getString());
        };
    }

    private static long size(JsonNode n) {
        long s = 1;
        for (JsonNode child : n.values()) s += size(child);
        return s;
    }

    // YAML's .inf and .nan have no decimal form; kept as text, the schema then says what to write.
    private JsonNode decimal(JsonParser p, String path, boolean record) {
        BigDecimal d;
        try {
            d = p.getDecimalValue();
        } catch (NumberFormatException e) {
            return NODES.stringNode(p.getString());
        }
        // 1e400 is a valid number that no count, size or percent can be: reported here, because
        // what reads the tree next (the schema check) converts numbers to long
        if (d.abs().compareTo(BigDecimal.ONE.movePointRight(18)) >= 0) {
            return inRange(p, path, record, d.setScale(0, java.math.RoundingMode.DOWN).toBigInteger());
        }
        return NODES.numberNode(d);
    }

    /** {@code value} as a number node when a long holds it; else a NUMBER_OUT_OF_RANGE problem and the nearest long. */
    private JsonNode inRange(JsonParser p, String path, boolean record, BigInteger value) {
        if (value.compareTo(LONG_MAX) <= 0 && value.compareTo(LONG_MIN) >= 0) return NODES.numberNode(value.longValue());
        if (record) {
            Problem.Location at = location(p.currentTokenLocation());
            problems.add(new Problem(file, path, ReadCode.NUMBER_OUT_OF_RANGE, "the number " + p.getString()
                    + " is too large for any count, size or percent; gpushare reads whole numbers up to "
                    + Long.MAX_VALUE + " (and counts up to " + Integer.MAX_VALUE + ")", at));
        }
        return NODES.numberNode(value.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE);
    }

    /** {@code s}, or VALUE_TOO_LONG when it is over {@link SpecReader#MAX_STRING_LENGTH}. */
    private String string(JsonParser p, String s) {
        if (s.length() > SpecReader.MAX_STRING_LENGTH) {
            Problem.Location at = location(p.currentTokenLocation());
            throw new Unreadable(at, ReadCode.VALUE_TOO_LONG, "a string at line " + at.line() + " is " + s.length()
                    + " characters long; gpushare reads strings of at most " + SpecReader.MAX_STRING_LENGTH
                    + " characters (names, images and profiles are far shorter): shorten it");
        }
        return s;
    }

    /** VALUE_TOO_LONG for the first line over {@link #MAX_LINE}, or null. */
    private Problem longLine(String text) {
        int line = 1, start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                if (i - start > MAX_LINE) {
                    return problem(ReadCode.VALUE_TOO_LONG, new Problem.Location(line, 1), "line " + line + " is " + (i - start)
                            + " characters long; gpushare reads YAML lines of at most " + MAX_LINE + " characters"
                            + " and strings of at most " + SpecReader.MAX_STRING_LENGTH + ": shorten it");
                }
                line++;
                start = i + 1;
            }
        }
        return null;
    }

    private ObjectNode readObject(JsonParser p, String path, boolean record) {
        if (!locate) return readWrittenObject(p, path, record);
        ObjectNode o = NODES.objectNode();
        Map<String, Problem.Location> seen = new HashMap<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = string(p, p.currentName());
            String child = JsonPointers.append(path, name);
            Problem.Location at = location(p.currentTokenLocation());
            p.nextToken();
            Problem.Location first = seen.putIfAbsent(name, at);
            if (first != null) {
                // Keep the first value, report every later one, and skip it without recording.
                if (record) {
                    problems.add(new Problem(file, child, ReadCode.DUPLICATE_KEY,
                            "key `" + name + "` appears again at line " + at.line() + "; it was first given at line "
                                    + first.line() + " — remove one of them (the first is kept)",
                            at));
                }
                readValue(p, child, false);
                continue;
            }
            if (record) locations.put(child, at);
            o.set(name, readValue(p, child, record));
        }
        return o;
    }

    /**
     * {@link #readObject} of a document this program wrote: the same tree and problems, without
     * locations or pointers (the problems, which only an altered document has, are the document's:
     * path {@code ""}, the key in the message).
     */
    private ObjectNode readWrittenObject(JsonParser p, String path, boolean record) {
        ObjectNode o = NODES.objectNode();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = string(p, p.currentName());
            p.nextToken();
            if (o.has(name)) {
                // Keep the first value, report every later one, and skip it without recording.
                if (record) {
                    problems.add(new Problem(file, path, ReadCode.DUPLICATE_KEY,
                            "key `" + name + "` appears twice in one object; remove one of them (the first is kept)", null));
                }
                readValue(p, path, false);
                continue;
            }
            o.set(name, readValue(p, path, record));
        }
        return o;
    }

    private ArrayNode readArray(JsonParser p, String path, boolean record) {
        ArrayNode a = NODES.arrayNode();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (!locate) {
                a.add(readValue(p, path, record));
                continue;
            }
            String child = JsonPointers.append(path, i++);
            if (record) locations.put(child, location(p.currentTokenLocation()));
            a.add(readValue(p, child, record));
        }
        return a;
    }

    private Problem emptyFile() {
        return parseError(new Problem.Location(1, 1), "the file is empty; start with apiVersion: gpushare.dev/v1");
    }

    private Problem fromException(JacksonException e, boolean yaml) {
        String original = e.getOriginalMessage() == null ? e.getMessage() : e.getOriginalMessage();
        Problem.Location at = e.getLocation() == null ? null : location(e.getLocation());
        String what = original;
        if (yaml) {
            Matcher m = YAML_MARK.matcher(original);
            while (m.find()) at = new Problem.Location(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            // Keep the explanation lines; drop the indented "in reader, line …" marks and snippets.
            StringBuilder sb = new StringBuilder();
            for (String line : original.split("\n")) {
                if (line.isBlank() || Character.isWhitespace(line.charAt(0))) continue;
                if (!sb.isEmpty()) sb.append(": ");
                sb.append(line.strip());
            }
            what = sb.toString();
        } else {
            int nl = original.indexOf('\n');
            if (nl > 0) what = original.substring(0, nl);
        }
        return parseError(at, what);
    }

    private Problem parseError(Problem.Location at, String what) {
        String where = at == null ? "" : " (line " + at.line() + ", column " + at.column() + ")";
        return problem(ReadCode.PARSE_ERROR, at, "cannot read the file" + where + ": " + what);
    }

    private Problem problem(ReadCode code, Problem.Location at, String message) {
        return new Problem(file, "", code, message, at);
    }

    private ParsedFile failed(Problem p) {
        return new ParsedFile(file, null, LocationIndex.EMPTY, List.of(p));
    }

    /** Well-formed input that this reader still cannot turn into a tree. */
    private static final class Unreadable extends RuntimeException {
        final transient Problem.Location at;
        final ReadCode code;

        Unreadable(Problem.Location at, String message) {
            this(at, ReadCode.PARSE_ERROR, message);
        }

        Unreadable(Problem.Location at, ReadCode code, String message) {
            super(message, null, false, false);
            this.at = at;
            this.code = code;
        }
    }

    private static Problem.Location location(TokenStreamLocation l) {
        return new Problem.Location(Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr()));
    }
}
