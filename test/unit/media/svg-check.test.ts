import { describe, expect, it } from 'vitest';
import { svgProblem } from '../../../shared/media/svg-check';

const svg = (inner: string, attributes = '') =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`,
  );
const text = (source: string) => new TextEncoder().encode(source);
const base64 = (source: string) => Buffer.from(source).toString('base64');
const plainLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#fff" d="M0 0h24v24H0z"/></svg>';

describe('svgProblem: what issue #30 found committed', () => {
  it.each([
    [
      'a script under another prefix of the SVG namespace',
      svg('<s:script>alert(1)</s:script>', ' xmlns:s="http://www.w3.org/2000/svg"'),
      /^a <script> element \(line 1\)$/,
    ],
    [
      'a foreignObject under another prefix holding an iframe',
      svg(
        '<s:foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></s:foreignObject>',
        ' xmlns:s="http://www.w3.org/2000/svg"',
      ),
      /^a <foreignObject> element/,
    ],
    [
      'a javascript: link written with a character reference',
      svg('<a xlink:href="&#106;avascript:alert(1)"><circle r="5"/></a>'),
      /^a reference to "javascript:alert\(1\)" on <a>/,
    ],
    [
      'an @import in a <style>',
      svg('<style>@import url(https://evil.example/x.css)</style>'),
      /^an @import in a <style>/,
    ],
  ])('refuses %s', (_what, bytes, message) => {
    expect(svgProblem(bytes)).toMatch(message);
  });
});

describe('svgProblem: scripts, handlers and foreign markup', () => {
  it.each([
    [
      'an event handler in any case',
      svg('<g OnClick="x()"/>'),
      /event handler attribute OnClick on <g>/,
    ],
    [
      "an event handler in an editor's namespace",
      svg('<g i:onload="x()"/>', ' xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/"'),
      /event handler attribute i:onload/,
    ],
    [
      'XHTML inside the SVG',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      /element <h:script> of the namespace http:\/\/www\.w3\.org\/1999\/xhtml/,
    ],
    [
      'MathML',
      svg(
        '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi href="javascript:alert(1)">x</mi></math>',
      ),
      /element <math> of the namespace/,
    ],
    [
      'an element of no namespace',
      text('<svg xmlns="http://www.w3.org/2000/svg"><x xmlns=""/></svg>'),
      /element <x> of no namespace/,
    ],
    [
      'an SVG element that draws nothing but runs or loads',
      svg('<handler/>'),
      /element <handler> that is not plain SVG drawing/,
    ],
    [
      'an unknown attribute',
      svg('<a ping="https://tracker.example/"/>'),
      /attribute ping that plain SVG drawing does not use/,
    ],
    [
      'an attribute of the SVG namespace itself',
      svg('<rect s:fill="red"/>', ' xmlns:s="http://www.w3.org/2000/svg"'),
      /attribute s:fill of the namespace/,
    ],
    [
      'xml:base',
      svg('<a xml:base="javascript:alert(1)//" href="#x"/>'),
      /attribute xml:base on <a>/,
    ],
    [
      'an animation that sets a link',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
      /animation of "href" on <set>/,
    ],
    [
      'an animation that sets xlink:href under any prefix',
      svg('<a><animate attributeName=" L:HREF " values="javascript:alert(1)"/></a>'),
      /animation of " L:HREF "/,
    ],
    [
      'an animation that sets a handler',
      svg('<animate attributeName="onbegin" values="alert(1)"/>'),
      /animation of "onbegin"/,
    ],
    [
      'a processing instruction',
      text(
        '<?xml-stylesheet type="text/xsl" href="x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
      /processing instruction <\?xml-stylesheet\?>/,
    ],
    [
      'a DOCTYPE with an entity',
      text(
        '<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
      /DOCTYPE other than the plain SVG one/,
    ],
    [
      'a DOCTYPE naming another DTD',
      text(
        '<!DOCTYPE svg SYSTEM "https://evil.example/x.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
      /DOCTYPE other than the plain SVG one/,
    ],
    [
      'an entity nobody declared',
      svg('&nbsp;'),
      /XML that does not parse \(line 1, column \d+: undefined entity\)/,
    ],
    [
      'markup that is not well-formed (what HTML parsers repair)',
      text(
        '<svg xmlns="http://www.w3.org/2000/svg"><desc><![CDATA[</desc><script>alert(1)</script>]]></svg>',
      ),
      /XML that does not parse/,
    ],
    [
      'a root other than <svg>',
      text('<form xmlns="http://www.w3.org/1999/xhtml" action="javascript:alert(1)"/>'),
      /root element <form>, not <svg>/,
    ],
    [
      'an <svg> root without the SVG namespace',
      text('<svg><circle r="1"/></svg>'),
      /root <svg> outside the SVG namespace/,
    ],
    [
      'bytes that are not UTF-8',
      new Uint8Array([
        ...text('<svg xmlns="http://www.w3.org/2000/svg">'),
        0xff,
        ...text('</svg>'),
      ]),
      /not UTF-8/,
    ],
    [
      'another encoding with bytes beyond ASCII',
      new Uint8Array([
        ...text(
          '<?xml version="1.0" encoding="ISO-2022-JP"?><svg xmlns="http://www.w3.org/2000/svg"><title>é</title></svg>',
        ),
      ]),
      /encoding ISO-2022-JP/,
    ],
    [
      'XML 1.1',
      text('<?xml version="1.1"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      /XML version 1\.1/,
    ],
  ])('refuses %s', (_what, bytes, message) => {
    expect(svgProblem(bytes)).toMatch(message);
  });

  it('names the line of what it refuses', () => {
    expect(
      svgProblem(
        text('<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n<script>x</script>\n</g>\n</svg>'),
      ),
    ).toBe('a <script> element (line 3)');
  });
});

describe('svgProblem: references and CSS', () => {
  it.each([
    [
      'another host in href',
      svg('<use href="https://evil.example/x.svg#a"/>'),
      /reference to "https:\/\/evil\.example\/x\.svg#a" on <use>/,
    ],
    [
      'another file in xlink:href under any prefix',
      svg('<use l:href="sprite.svg#a" xmlns:l="http://www.w3.org/1999/xlink"/>'),
      /reference to "sprite\.svg#a"/,
    ],
    [
      'an image from another host',
      svg('<image href="https://tracker.example/p.png"/>'),
      /reference to "https:\/\/tracker/,
    ],
    [
      'a data: URL that is not an image',
      svg('<image href="data:text/html;base64,PHN2Zz4="/>'),
      /reference to "data:text\/html/,
    ],
    [
      'an SVG image given inline that is no SVG document',
      svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'),
      /SVG image given inline that holds a root <svg> outside the SVG namespace/,
    ],
    [
      'a data: image on a link',
      svg('<a href="data:image/png;base64,AAAA"/>'),
      /reference to "data:image\/png/,
    ],
    [
      'javascript: split by a tab and a newline',
      svg('<a href="java&#9;scr&#10;ipt:alert(1)"/>'),
      /reference to "java\\tscr\\nipt:alert\(1\)"/,
    ],
    [
      'javascript: after spaces and a tab',
      svg('<a href="&#x20;&#x9; JavaScript:alert(1)"/>'),
      /reference to/,
    ],
    [
      'a control character the URL parser would drop, which XML refuses',
      svg('<a href="&#x0C;javascript:alert(1)"/>'),
      /XML that does not parse/,
    ],
    [
      'url() behind a CSS escape',
      svg('<style>.a{fill:\\75 rl(https://x.example/)}</style>'),
      /reference to "https:\/\/x\.example\/" in a <style>/,
    ],
    [
      'an upper-case URL() behind an escape and a comment in a style attribute',
      svg('<rect style="fill:/**/\\55 RL(https://x.example/)"/>'),
      /reference to "https:\/\/x\.example\/" in style=/,
    ],
    [
      'a quoted url() in a presentation attribute',
      svg('<rect fill="url( \'https://x.example/#g\' )"/>'),
      /reference to "https:\/\/x\.example\/#g" in fill=/,
    ],
    [
      'an external cursor',
      svg('<rect cursor="url(https://x.example/c.cur), auto"/>'),
      /in cursor=/,
    ],
    [
      'an @import spelled with an escape',
      svg('<style>@\\69mport "x.css";</style>'),
      /an @import in a <style>/,
    ],
    [
      '@font-face loading a font',
      svg('<style>@font-face{font-family:x;src:url(https://fonts.example/x.woff2)}</style>'),
      /reference to "https:\/\/fonts/,
    ],
    [
      'image-set()',
      svg('<style>.a{mask-image:image-set("https://x.example/a.png" 1x)}</style>'),
      /CSS function image-set\(\)/,
    ],
    ['a malformed url()', svg('<rect style="fill:url(a b)"/>'), /malformed url\(\)/],
    [
      'an external value set by an animation',
      svg('<rect><animate attributeName="fill" to="url(https://x.example/#g)"/></rect>'),
      /in to=/,
    ],
    [
      'an SVG image given inline that holds a script',
      svg(
        `<image href="data:image/svg+xml;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}"/>`,
      ),
      /^an SVG image given inline that holds a <script> element \(line 1\) on <image> \(line 1\)$/,
    ],
    [
      'a percent-encoded SVG image that loads another host',
      svg(
        '<image href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E%3Cimage href=%22https://tracker.example/p.png%22/%3E%3C/svg%3E"/>',
      ),
      /holds a reference to "https:\/\/tracker\.example\/p\.png" on <image>/,
    ],
    [
      'an event handler two SVG images deep',
      svg(
        `<feImage href="data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')}"/></svg>`)}"/>`,
      ),
      /holds an SVG image given inline that holds the event handler attribute onload/,
    ],
    [
      'an SVG image whose base64 does not decode',
      svg('<image href="data:image/svg+xml;base64,PHN2Zy*="/>'),
      /SVG image given inline whose data: URL does not decode/,
    ],
    [
      'an SVG image on a link',
      svg(`<a href="data:image/svg+xml;base64,${base64(plainLogo)}"/>`),
      /reference to "data:image\/svg\+xml/,
    ],
    [
      "an element of a namespace that only starts like Adobe's",
      svg('<x:a xmlns:x="http://ns.adobe.com.evil.example/"/>'),
      /element <x:a> of the namespace http:\/\/ns\.adobe\.com\.evil\.example\//,
    ],
    [
      'a processing instruction inside the metadata',
      svg('<metadata><?xml-stylesheet href="https://x.example/a.css"?></metadata>'),
      /processing instruction <\?xml-stylesheet\?>/,
    ],
  ])('refuses %s', (_what, bytes, message) => {
    expect(svgProblem(bytes)).toMatch(message);
  });

  it.each([
    [
      'fragments, gradients and clip paths',
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="1" height="1"/></clipPath></defs><rect fill="url(#g)" clip-path="url(#c)" style="fill:url( &quot;#g&quot; )"/><use href="#c"/><use xlink:href="#g"/>',
      ),
    ],
    [
      'a raster image inline',
      svg(
        '<image width="1" height="1" xlink:href="data:image/png;base64,iVBORw0KGgo="/><feImage href="data:image/jpeg;base64,/9j/"/>',
      ),
    ],
    [
      'a stylesheet of classes with url(#id) in CDATA',
      svg(
        '<style type="text/css"><![CDATA[ .cls-1{fill:url(#a);} @media (min-width: 10px) { .b { opacity: .5 } } ]]></style><rect class="cls-1" width="1" height="1"/>',
      ),
    ],
    [
      'the SVG 1.1 DOCTYPE exporters write, and an XML declaration',
      text(
        '<?xml version="1.0" encoding="utf-8" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1"/>',
      ),
    ],
    [
      'a Latin-1 declaration on ASCII bytes',
      text('<?xml version="1.0" encoding="iso-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    [
      "Inkscape's and RDF metadata",
      svg(
        '<sodipodi:namedview id="n" pagecolor="#fff" inkscape:zoom="1"/><metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/"/></cc:Work></rdf:RDF></metadata><g inkscape:label="Layer 1" inkscape:groupmode="layer"><path d="M0 0h1" sodipodi:nodetypes="cc"/></g>',
        ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"',
      ),
    ],
    [
      'accessibility and data attributes, a title, a link inside the file',
      svg(
        '<title id="t">Logo</title><a href="#t" target="_blank"><path d="M0 0" aria-hidden="true" data-name="Layer 1" role="img"/></a>',
        ' role="img" aria-labelledby="t" focusable="false"',
      ),
    ],
    [
      'an animated spinner',
      svg(
        '<circle r="5"><animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="1s" repeatCount="indefinite"/><animate attributeName="opacity" values="1;0;1" dur="2s"/></circle>',
      ),
    ],
    [
      'a shields.io badge whose logo is an SVG image given inline, in base64 or percent-encoded',
      svg(
        `<image href="data:image/svg+xml;base64,${base64(`<?xml version="1.0" encoding="UTF-8"?>\n${plainLogo}`)}"/><image xlink:href="data:image/svg+xml;charset=utf-8,${encodeURIComponent(plainLogo)}"/>`,
        ' aria-label="build: passing" role="img"',
      ),
    ],
    [
      "Figma's namespace, a filter region in user space, and a line-height",
      svg(
        '<g figma:type="frame" line-height="1.2"><filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="4" height="4"><feGaussianBlur stdDeviation="1"/></filter></g>',
        ' xmlns:figma="http://www.figma.com/figma/ns"',
      ),
    ],
    [
      "draw.io's diagram and its file's address on the root",
      svg(
        '<g><rect width="80" height="40"/></g>',
        ' content="%3Cmxfile%20host%3D%22app.diagrams.net%22%3E%3C%2Fmxfile%3E" resource="https://app.diagrams.net/#Hx%2Fy.svg"',
      ),
    ],
    [
      "Illustrator's XMP metadata in an xpacket",
      svg(
        '<metadata><?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:xmpGImg="http://ns.adobe.com/xap/1.0/g/img/" xmpMM:DocumentID="xmp.did:1"><xmpGImg:width>256</xmpGImg:width></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?></metadata>',
      ),
    ],
  ])('accepts %s', (_what, bytes) => {
    expect(svgProblem(bytes)).toBeUndefined();
  });
});
