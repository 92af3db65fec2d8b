package org.wharfmq.store.sqs;

import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/** A Query protocol request's parameters, with SQS's flattened lists and maps ({@code Name.N.Key}). */
final class QueryForm {
    private final Map<String, String> params = new LinkedHashMap<>();

    /** Adds {@code name=value}, unless value is null. */
    QueryForm put(String name, Object value) {
        if (value != null) {
            params.put(name, value.toString());
        }
        return this;
    }

    /** {@code name.1=a&name.2=b...}. */
    QueryForm list(String name, Collection<String> values) {
        int i = 0;
        for (String v : values) {
            put(name + "." + ++i, v);
        }
        return this;
    }

    /** {@code name.1.<key>=k&name.1.<value>=v...}. */
    QueryForm map(String name, String key, String value, Map<String, String> entries) {
        int i = 0;
        for (Map.Entry<String, String> e : entries.entrySet()) {
            String p = name + "." + ++i + ".";
            put(p + key, e.getKey()).put(p + value, e.getValue());
        }
        return this;
    }

    /** {@code prefix.MessageAttribute.N.Name}, {@code .Value.DataType}, {@code .Value.StringValue}, {@code .Value.BinaryValue}. */
    QueryForm messageAttributes(String prefix, Map<String, MessageAttributeValue> attributes) {
        int i = 0;
        for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
            String p = prefix + "MessageAttribute." + ++i + ".";
            MessageAttributeValue v = e.getValue();
            put(p + "Name", e.getKey()).put(p + "Value.DataType", v.dataType())
                    .put(p + "Value.StringValue", v.stringValue())
                    .put(p + "Value.BinaryValue", v.binaryValue() == null ? null
                            : Base64.getEncoder().encodeToString(v.binaryValue().asByteArray()));
        }
        return this;
    }

    Map<String, String> params() {
        return params;
    }
}
