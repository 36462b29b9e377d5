package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A self-contained HTML report: one file with its styles and images inline (PNG as
 * {@code data:} URIs), no script or font from the network, readable offline and printable.
 * Built section by section; every text is HTML-escaped.
 *
 * <p>A short inline script marks, once the page has loaded, how many images it holds and how
 * many failed to decode ({@code <body data-images="N" data-broken-images="M">}), so a headless
 * browser can check the page as a reader would see it.
 */
public final class HtmlReport {
  private static final String STYLE = String.join("\n",
      "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:2em auto;"
          + "max-width:1100px;padding:0 1em;color:#222;line-height:1.45}",
      "h1{font-size:1.7em;border-bottom:2px solid #4E79A7;padding-bottom:.2em}",
      "h2{font-size:1.3em;margin-top:1.8em;border-bottom:1px solid #ccc}",
      "h3{font-size:1.1em;margin-top:1.3em}",
      "table{border-collapse:collapse;margin:.6em 0;font-size:.88em;display:block;overflow-x:auto}",
      "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}",
      "th{background:#f0f3f7}",
      "td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}",
      "td.num .ci{color:#555;font-size:.85em}",
      "tr.bad td{background:#fdecea}tr.good td{background:#eaf6ec}tr.na td{background:#f5f5f5}",
      "figure{margin:1em 0}figure img{max-width:100%;border:1px solid #ddd}",
      "figcaption{font-size:.9em;color:#444}",
      "pre{background:#f6f8fa;padding:.6em;overflow-x:auto;font-size:.82em;white-space:pre-wrap;word-break:break-all}",
      ".note{background:#fff8e1;border-left:4px solid #EDC948;padding:.4em .8em}",
      ".warn{background:#fdecea;border-left:4px solid #E15759;padding:.4em .8em}",
      "nav ul{columns:2;font-size:.92em}");
  private static final String SCRIPT = "window.addEventListener('load',function(){var im=document.images,b=0;"
      + "for(var i=0;i<im.length;i++){if(!im[i].complete||im[i].naturalWidth===0){b++;}}"
      + "document.body.setAttribute('data-images',im.length);document.body.setAttribute('data-broken-images',b);});";

  /** An opening tag (text content is escaped, so it holds no '<'). */
  private static final Pattern TAG = Pattern.compile("<[A-Za-z][^>]*>");
  /** Attributes that make a browser load something. */
  private static final Pattern ATTRIBUTE = Pattern.compile(
      "(?i)\\s(?:src|href|srcset|action|poster|data|formaction|xlink:href|background)\\s*=\\s*"
          + "(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))");
  /** CSS loads. */
  private static final Pattern CSS = Pattern.compile("(?i)url\\(\\s*[\"']?([^\"')]*)|@import\\s+[\"']?([^\"';\\s]*)");

  private final String title;
  private final StringBuilder body = new StringBuilder();
  private final StringBuilder toc = new StringBuilder();
  private int anchors;

  public HtmlReport(String title) {
    this.title = Preconditions.nonBlank(title, "title");
  }

  /** A section heading (level 2) or sub-heading (level 3); level-2 headings go into the contents. */
  public HtmlReport heading(int level, String text) {
    Preconditions.require(level == 2 || level == 3, "heading level", "2 or 3", level);
    String id = "s" + (++anchors);
    body.append("<h").append(level).append(" id=\"").append(id).append("\">").append(escape(text)).append("</h")
        .append(level).append(">\n");
    if (level == 2) {
      toc.append("<li><a href=\"#").append(id).append("\">").append(escape(text)).append("</a></li>");
    }
    return this;
  }

  /** A paragraph of plain text. */
  public HtmlReport paragraph(String text) {
    body.append("<p>").append(escape(text)).append("</p>\n");
    return this;
  }

  /** A highlighted note (kind "note") or warning (kind "warn"). */
  public HtmlReport callout(String kind, String text) {
    Preconditions.require(kind.equals("note") || kind.equals("warn"), "callout kind",
        "note or warn", kind);
    body.append("<p class=\"").append(kind).append("\">").append(escape(text)).append("</p>\n");
    return this;
  }

  /** A bulleted list. */
  public HtmlReport list(List<String> items) {
    body.append("<ul>");
    for (String item : items) {
      body.append("<li>").append(escape(item)).append("</li>");
    }
    body.append("</ul>\n");
    return this;
  }

  /**
   * A table. Cells that parse as numbers (or number intervals) are right-aligned, an interval
   * {@code "0.455 [0.431, 0.480]"} as its mean over the bracket on a smaller second line. {@code
   * rowClasses}, when not empty, gives a CSS class per row ("good", "bad", "na" or "").
   */
  public HtmlReport table(List<String> header, List<List<String>> rows, List<String> rowClasses) {
    Preconditions.require(rowClasses.isEmpty() || rowClasses.size() == rows.size(), "rowClasses",
        "empty or one per row",
        rowClasses.size());
    body.append("<table><thead><tr>");
    for (String h : header) {
      body.append("<th>").append(escape(h)).append("</th>");
    }
    body.append("</tr></thead><tbody>\n");
    for (int r = 0; r < rows.size(); r++) {
      String cls = rowClasses.isEmpty() ? "" : rowClasses.get(r);
      body.append(cls.isEmpty() ? "<tr>" : "<tr class=\"" + escape(cls) + "\">");
      for (String cell : rows.get(r)) {
        body.append(numeric(cell) ? "<td class=\"num\">" + numberCell(cell) : "<td>" + escape(cell)).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table>\n");
    return this;
  }

  /** A table without row classes. */
  public HtmlReport table(List<String> header, List<List<String>> rows) {
    return table(header, rows, List.of());
  }

  /** An inline PNG figure with its caption. */
  public HtmlReport figure(byte[] png, String alt, String caption) {
    Preconditions.nonNull(png, "png");
    body.append("<figure><img alt=\"").append(escape(alt)).append("\" src=\"data:image/png;base64,")
        .append(Base64.getEncoder().encodeToString(png)).append("\"><figcaption>").append(escape(caption))
        .append("</figcaption></figure>\n");
    return this;
  }

  /** Preformatted text (a command line, a JSON configuration). */
  public HtmlReport pre(String text) {
    body.append("<pre>").append(escape(text)).append("</pre>\n");
    return this;
  }

  /**
   * The complete page.
   *
   * @throws IllegalStateException if the page would reference anything outside itself
   */
  public String render() {
    String page = page();
    List<String> external = externalReferences(page);
    if (!external.isEmpty()) {
      throw new IllegalStateException("report must be self-contained (images and styles inline). Provided value: "
          + "references to " + external);
    }
    return page;
  }

  /**
   * Every reference in {@code html} (attribute {@code src}, {@code href}, ..., CSS {@code url()}
   * and {@code @import}) that a browser would resolve outside the page: anything but an inline
   * {@code data:} URI or an in-page {@code #anchor}. Text content is not a reference (it is
   * escaped, so it cannot open a tag).
   */
  public static List<String> externalReferences(String html) {
    List<String> targets = new ArrayList<>();
    Matcher tag = TAG.matcher(html);
    while (tag.find()) {
      collect(ATTRIBUTE.matcher(tag.group()), targets);
    }
    collect(CSS.matcher(html), targets);
    return targets.stream().filter(t -> !t.startsWith("#") && !t.regionMatches(true, 0, "data:", 0, 5)).toList();
  }

  private static void collect(Matcher m, List<String> out) {
    while (m.find()) {
      for (int g = 1; g <= m.groupCount(); g++) {
        if (m.group(g) != null) {
          out.add(m.group(g).strip());
          break;
        }
      }
    }
  }

  private String page() {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>" + escape(title) + "</title>\n<style>\n" + STYLE + "\n</style>\n<script>" + SCRIPT
        + "</script>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n"
        + (toc.length() > 0 ? "<nav><ul>" + toc + "</ul></nav>\n" : "") + body + "</body>\n</html>\n";
  }

  /** HTML-escapes text (&amp;, &lt;, &gt;, quotes). */
  public static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A number, or "mean [low, high]" as the mean over its interval on a second, smaller line. */
  private static String numberCell(String cell) {
    int bracket = cell.indexOf('[');
    if (bracket <= 0) {
      return escape(cell);
    }
    return escape(cell.substring(0, bracket).strip()) + "<br><span class=\"ci\">"
        + escape(cell.substring(bracket)).replace(" ", "&nbsp;") + "</span>";
  }

  private static boolean numeric(String cell) {
    return cell.matches("[-+0-9.eE ]+(\\[[-+0-9.eE, ]+\\])?") && !cell.isBlank();
  }
}
