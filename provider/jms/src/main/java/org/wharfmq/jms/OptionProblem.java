package org.wharfmq.jms;

/**
 * Why a setting is refused: the option's name, the value given (null when it is not set), and how
 * to put it right. The caller words it in its own terms (an activation property, a URL option).
 */
public record OptionProblem(String option, Object value, String hint) {
}
