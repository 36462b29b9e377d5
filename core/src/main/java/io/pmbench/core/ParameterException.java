package io.pmbench.core;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bad value of a named parameter, raised below the command line (core, datasets, filter)
 * without knowing how a front end spells that parameter. The text names parameters as
 * {@code ${name}} (the parameter's name in the code's model: {@code epsilon}, {@code option},
 * {@code index}, {@code encoder}, {@code vaeEpochs}); {@link #getMessage()} writes them as plain
 * names, and a front end writes them its own way through {@link #message(UnaryOperator)} — the
 * command line maps each name to its flag in one table ({@code experiments}' {@code ParameterFlags}).
 */
public final class ParameterException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private static final Pattern NAME = Pattern.compile("\\$\\{([A-Za-z][A-Za-z0-9]*)}");

  /** The parameter the value belongs to. */
  private final String parameter;
  /** The text with {@code ${name}} for every parameter it names. */
  private final String template;

  /**
   * @param parameter the parameter whose value is bad
   * @param template the message, naming parameters as {@code ${name}} (usually it starts with
   *     {@code ${parameter}})
   */
  public ParameterException(String parameter, String template) {
    super(render(template, UnaryOperator.identity()));
    this.parameter = parameter;
    this.template = template;
  }

  /** As {@link #ParameterException(String, String)}, with the exception that caused it. */
  public ParameterException(String parameter, String template, Throwable cause) {
    super(render(template, UnaryOperator.identity()), cause);
    this.parameter = parameter;
    this.template = template;
  }

  /** {@code "${name}"}: how a message names parameter {@code name}. */
  public static String ref(String name) {
    return "${" + name + "}";
  }

  /** The parameter whose value is bad. */
  public String parameter() {
    return parameter;
  }

  /** The message with each named parameter written as {@code spelling} gives it. */
  public String message(UnaryOperator<String> spelling) {
    return render(template, spelling);
  }

  private static String render(String template, UnaryOperator<String> spelling) {
    Matcher m = NAME.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(spelling.apply(m.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }
}
