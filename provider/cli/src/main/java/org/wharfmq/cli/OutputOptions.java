package org.wharfmq.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --output table|json} (a picocli mixin) and the printing of either on the command's standard output. */
public final class OutputOptions {
    /** The output formats. */
    public enum Format { table, json }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Option(names = {"-o", "--output"}, paramLabel = "<format>", defaultValue = "table",
            description = "table or json (default: ${DEFAULT-VALUE}); json is one document.")
    Format format = Format.table;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    public boolean json() {
        return format == Format.json;
    }

    /** The command's standard output. */
    public PrintWriter out() {
        return mixee.commandLine().getOut();
    }

    /** Prints {@code value} (maps, lists, strings, numbers, beans) as one JSON document. */
    public void printJson(Object value) {
        try {
            out().println(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out().flush();
    }

    /** Prints {@code table}. */
    public void print(Table table) {
        out().print(table);
        out().flush();
    }

    /** Prints a line of text. */
    public void println(String line) {
        out().println(line);
        out().flush();
    }
}
