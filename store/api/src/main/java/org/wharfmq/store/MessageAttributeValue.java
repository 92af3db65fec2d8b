package org.wharfmq.store;

import java.util.Arrays;
import java.util.Objects;

/**
 * A user message attribute as SQS has it: a data type ({@code String}, {@code Number},
 * {@code Binary}, each with an optional {@code .suffix}) and a string or binary value.
 */
public record MessageAttributeValue(String dataType, String stringValue, byte[] binaryValue) {

    public MessageAttributeValue {
        binaryValue = binaryValue == null ? null : binaryValue.clone();
    }

    public static MessageAttributeValue string(String value) {
        return new MessageAttributeValue("String", value, null);
    }

    public static MessageAttributeValue number(String value) {
        return new MessageAttributeValue("Number", value, null);
    }

    public static MessageAttributeValue binary(byte[] value) {
        return new MessageAttributeValue("Binary", null, value);
    }

    @Override
    public byte[] binaryValue() {
        return binaryValue == null ? null : binaryValue.clone();
    }

    /** The base type: String, Number or Binary (the part before any dot). */
    public String baseType() {
        int dot = dataType == null ? -1 : dataType.indexOf('.');
        return dot < 0 ? dataType : dataType.substring(0, dot);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageAttributeValue v
                && Objects.equals(dataType, v.dataType)
                && Objects.equals(stringValue, v.stringValue)
                && Arrays.equals(binaryValue, v.binaryValue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataType, stringValue) * 31 + Arrays.hashCode(binaryValue);
    }

    @Override
    public String toString() {
        return dataType + "=" + (binaryValue != null ? Arrays.toString(binaryValue) : stringValue);
    }
}
