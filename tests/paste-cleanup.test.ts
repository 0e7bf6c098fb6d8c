import { describe, expect, it } from "vitest";
import { cleanPastedHtml } from "../src/client/admin/components/paste-cleanup";

/**
 * The visual editor's paste cleanup on clipboard HTML as Word and Google Docs put it on the clipboard
 * (shortened copies of real pastes: Word 365 on Windows, Google Docs in Chrome).
 */

const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<link rel=File-List href="file:///C:/Users/anna/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml>
 <o:OfficeDocumentSettings>
  <o:AllowPNG/>
 </o:OfficeDocumentSettings>
</xml><![endif]-->
<style>
<!--
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;
	margin:0in;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
-->
</style>
</head>

<body lang=EN-US style='tab-interval:.5in;word-wrap:break-word'>
<!--StartFragment-->

<h2 style='mso-margin-top-alt:auto'><a name="_Toc1"></a><span style='mso-bookmark:_Toc1'><span
style='font-family:"Calibri Light",sans-serif;mso-fareast-font-family:"Times New Roman"'>Ozone
therapy after surgery<o:p></o:p></span></span></h2>

<p class=MsoNormal><span style='font-size:12.0pt;mso-bidi-font-family:Calibri'>Patients
reported <b><span style='mso-bidi-font-family:Calibri'>less pain</span></b> and
<i style='mso-bidi-font-style:normal'>better sleep</i>.<o:p></o:p></span></p>

<p class=MsoNormal><o:p>&nbsp;</o:p></p>

<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'><![if !supportLists]><span
style='font-family:Symbol;mso-fareast-font-family:Symbol'><span
style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]>First week: rest<o:p></o:p></p>

<p class=MsoNormal><a href="https://example.org/study" style='color:#0563C1'>The study</a><span
class=GramE> says so</span>.<img width=320 height=200 src="file:///C:/Users/anna/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png" v:shapes="Picture_x0020_1"><o:p></o:p></p>

<!--EndFragment-->
</body>

</html>`;

const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-6f1d2a3b-7fff-4c2e-1a2b-3c4d5e6f7a8b"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Recovery notes</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;">Most patients felt </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;">stronger</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;"> within days</span><span style="font-size:11pt;font-family:Arial,sans-serif;">.</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;" role="presentation"><span style="font-size:11pt;">Hydrate well</span></p></li></ul><p dir="ltr"><a href="https://www.google.com/url?q=https://example.org&amp;sa=D" style="text-decoration:none;"><span style="color:#1155cc;text-decoration:underline;">Read more</span></a></p></b><br class="Apple-interchange-newline">`;

describe("paste cleanup", () => {
  it("keeps a Word paste's structure and drops its markup", () => {
    const clean = cleanPastedHtml(WORD);
    expect(clean).toContain("<h2>Ozone therapy after surgery</h2>");
    expect(clean).toContain("<p>Patients reported <strong>less pain</strong> and <i>better sleep</i>.</p>");
    expect(clean).toContain("<p>First week: rest</p>");
    expect(clean).toContain('<a href="https://example.org/study">The study</a> says so.');
    for (const junk of [
      /mso-/i,
      /class=/i,
      /style=/i,
      /<o:p/i,
      /<\/?span/i,
      /<!--/,
      /<style/i,
      /<meta/i,
      /<link/i,
      /<xml/i,
      /Style Definitions/,
      /supportLists/,
      /·/,
      /file:/,
      /<img/,
    ]) {
      expect(clean).not.toMatch(junk);
    }
    // The empty paragraph Word puts between paragraphs is gone too.
    expect(clean).not.toMatch(/<p>\s*<\/p>/);
  });

  it("keeps a Google Docs paste's bold, italic, headings, lists and links without its wrapper", () => {
    const clean = cleanPastedHtml(GOOGLE_DOCS);
    expect(clean).toBe(
      "<h2>Recovery notes</h2>" +
        "<p>Most patients felt <strong>stronger</strong><em> within days</em>.</p>" +
        "<ul><li><p>Hydrate well</p></li></ul>" +
        '<p><a href="https://www.google.com/url?q=https://example.org&amp;sa=D">Read more</a></p>' +
        "<br>",
    );
    expect(clean).not.toContain("docs-internal-guid");
  });

  it("drops scripts, event handlers and javascript: links, keeps usable images with their alt text", () => {
    const clean = cleanPastedHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
        '<img src="/uploads/ab12.webp" alt="Treatment room" width="800" height="600" class="x"><img src="data:image/png;base64,AAAA" alt="d">',
    );
    expect(clean).toBe('<p>Hi</p>x<img src="/uploads/ab12.webp" alt="Treatment room" width="800" height="600">');
  });
});
