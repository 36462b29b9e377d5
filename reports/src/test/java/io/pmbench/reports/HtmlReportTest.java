package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlReportTest {
  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10};

  private static HtmlReport sample() {
    return new HtmlReport("Figure <6> & co").heading(2, "Figure 6").paragraph("see https://example.org/ and <b>")
        .figure(PNG, "alt \"x\"", "caption").table(List.of("mechanism", "R@8"), List.of(List.of("smlq",
            "0.455 [0.431, 0.480]")), List.of("good")).pre("pmbench fig6 --option href=x --out a b")
        .callout("warn", "caveat");
  }

  @Test
  void render_everySection_noExternalReferenceAndTextEscaped() {
    String page = sample().render();
    assertEquals(List.of(), HtmlReport.externalReferences(page));
    assertTrue(page.contains("src=\"data:image/png;base64,"), "figures are inline data URIs");
    assertTrue(page.contains("Figure &lt;6&gt; &amp; co") && page.contains("&lt;b&gt;"), "text is escaped");
    assertFalse(page.contains("<link") || page.contains("<script src"), "no stylesheet or script from elsewhere");
    assertTrue(page.contains("<a href=\"#s1\">Figure 6</a>"), "contents link to in-page anchors");
    assertTrue(page.contains("<td class=\"num\">0.455<br><span class=\"ci\">[0.431,&nbsp;0.480]</span></td>"),
        "an interval is a right-aligned mean over its bracket");
  }

  @Test
  void externalReferences_remoteImageStyleOrImport_allFound() {
    // fails if a page loading anything from the network (or the disk) could pass as self-contained
    String page = "<html><head><link rel=\"stylesheet\" href=\"//cdn.example/x.css\">"
        + "<style>@import 'http://a/b.css'; body{background:url( \"file:///etc/x.png\")}</style>"
        + "<script src=https://cdn.example/plotly.js></script></head><body>"
        + "<img alt='a' src='fig6.png'><a href=\"#s1\">ok</a><img src=\"data:image/png;base64,AAAA\"></body></html>";
    assertEquals(List.of("//cdn.example/x.css", "https://cdn.example/plotly.js", "fig6.png", "http://a/b.css",
        "file:///etc/x.png"), HtmlReport.externalReferences(page));
  }

  @Test
  void externalReferences_urlsInEscapedText_notReferences() {
    String page = new HtmlReport("t").paragraph("fetched from http://example.org, see src=\"x\"").render();
    assertEquals(List.of(), HtmlReport.externalReferences(page));
  }

  @Test
  void table_rowClassesOfWrongLength_refused() {
    HtmlReport r = new HtmlReport("t");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> r.table(List.of("a"), List.of(List.of("1"), List.of("2")), List.of("good")));
    assertTrue(e.getMessage().contains("rowClasses"), e.getMessage());
  }
}
