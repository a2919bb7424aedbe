/**
 * What an SVG may hold, by namespace URI and local name (never by prefix: `<s:script>` with
 * `xmlns:s` bound to SVG is a script). Anything not listed is refused. The lists follow the SVG 1.1
 * and SVG 2 element and attribute indexes, less what runs code, loads another document or is not
 * drawn by today's browsers (script, foreignObject, SVG fonts, cursor, color-profile, tref).
 */
export const svgNamespace = 'http://www.w3.org/2000/svg';
export const xlinkNamespace = 'http://www.w3.org/1999/xlink';
export const xmlNamespace = 'http://www.w3.org/XML/1998/namespace';
export const xmlnsNamespace = 'http://www.w3.org/2000/xmlns/';

/** Elements of the SVG namespace an SVG may hold. */
export const svgElements: ReadonlySet<string> = new Set([
  'a', 'animate', 'animateMotion', 'animateTransform', 'circle', 'clipPath', 'defs', 'desc', 'ellipse',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge',
  'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  'filter', 'g', 'image', 'line', 'linearGradient', 'marker', 'mask', 'metadata', 'mpath', 'path', 'pattern', 'polygon', 'polyline',
  'radialGradient', 'rect', 'set', 'stop', 'style', 'svg', 'switch', 'symbol', 'text', 'textPath', 'title', 'tspan', 'use', 'view',
  // Drawn by no browser (SVG 1.2 flowed text and SVG 2 drafts that editors such as Inkscape write): inert.
  'flowRoot', 'flowRegion', 'flowPara', 'flowSpan', 'flowDiv', 'meshgradient', 'meshrow', 'meshpatch', 'hatch', 'hatchpath', 'solidcolor',
]);

/** Elements that may show a raster image given as a data: URL in their href. */
export const imageElements: ReadonlySet<string> = new Set(['image', 'feImage']);

/**
 * Attributes (no namespace) whose value is CSS: presentation attributes (SVG 2 makes every one a
 * CSS property, and several take `url(…)`: fill, stroke, filter, clip-path, mask, marker-*, cursor)
 * and the values an animation sets, and `line-height`, which shields.io's badges set though SVG has
 * no such attribute. Checked with the CSS rules (svg-references.ts).
 */
export const cssAttributes: ReadonlySet<string> = new Set([
  'alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation', 'color-interpolation-filters',
  'color-rendering', 'cursor', 'direction', 'display', 'dominant-baseline', 'enable-background', 'fill', 'fill-opacity', 'fill-rule',
  'filter', 'flood-color', 'flood-opacity', 'font', 'font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style',
  'font-variant', 'font-weight', 'glyph-orientation-horizontal', 'glyph-orientation-vertical', 'image-rendering', 'isolation', 'kerning',
  'letter-spacing', 'lighting-color', 'line-height', 'marker', 'marker-end', 'marker-mid', 'marker-start', 'mask', 'mask-type', 'mix-blend-mode',
  'opacity', 'overflow', 'paint-order', 'pointer-events', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'text-anchor',
  'text-decoration', 'text-rendering', 'transform-origin', 'unicode-bidi', 'vector-effect', 'visibility', 'word-spacing', 'writing-mode',
  'style', 'from', 'to', 'by', 'values',
]);

/**
 * Other attributes (no namespace) an SVG element may carry: geometry, structure, filters, animation
 * timing; and draw.io's `content` (the diagram it reopens) and `resource` (the file's address in
 * older versions, never loaded), which no browser reads.
 */
export const plainAttributes: ReadonlySet<string> = new Set([
  'accumulate', 'additive', 'amplitude', 'attributeType', 'azimuth', 'baseFrequency', 'baseProfile', 'begin', 'bias', 'calcMode', 'class',
  'clipPathUnits', 'content', 'crossorigin', 'cx', 'cy', 'd', 'decoding', 'diffuseConstant', 'divisor', 'dur', 'dx', 'dy', 'edgeMode', 'elevation',
  'end', 'exponent', 'externalResourcesRequired', 'filterUnits', 'focusable', 'fr', 'fx', 'fy', 'gradientTransform', 'gradientUnits', 'height', 'id',
  'in', 'in2', 'intercept', 'k', 'k1', 'k2', 'k3', 'k4', 'kernelMatrix', 'kernelUnitLength', 'keyPoints', 'keySplines', 'keyTimes', 'lang',
  'lengthAdjust', 'limitingConeAngle', 'markerHeight', 'markerUnits', 'markerWidth', 'maskContentUnits', 'maskUnits', 'max', 'media',
  'method', 'min', 'mode', 'numOctaves', 'offset', 'operator', 'order', 'orient', 'origin', 'path', 'pathLength', 'patternContentUnits',
  'patternTransform', 'patternUnits', 'points', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'preserveAlpha', 'preserveAspectRatio',
  'primitiveUnits', 'r', 'radius', 'refX', 'refY', 'repeatCount', 'repeatDur', 'requiredExtensions', 'requiredFeatures', 'resource', 'restart',
  'result', 'role', 'rotate', 'rx', 'ry', 'scale', 'seed', 'side', 'slope', 'spacing', 'specularConstant', 'specularExponent',
  'spreadMethod', 'startOffset', 'stdDeviation', 'stitchTiles', 'surfaceScale', 'systemLanguage', 'tabindex', 'tableValues', 'target',
  'targetX', 'targetY', 'textLength', 'title', 'transform', 'type', 'version', 'viewBox', 'width', 'x', 'x1', 'x2', 'xChannelSelector',
  'y', 'y1', 'y2', 'yChannelSelector', 'z', 'zoomAndPan',
]);

/** `aria-*` and `data-*` attributes carry no behaviour of their own. */
export const inertAttributePrefixes = ['aria-', 'data-'] as const;

/** Attributes of the XML namespace: `xml:base` is left out (it would move where relative references point). */
export const xmlAttributes: ReadonlySet<string> = new Set(['space', 'lang', 'id']);

/** Attributes of the XLink namespace: `href` is checked as a reference. */
export const xlinkAttributes: ReadonlySet<string> = new Set(['href', 'title']);

/**
 * Namespaces of editors' and metadata vocabularies. Browsers give their elements and attributes no
 * behaviour (only the XHTML, SVG and MathML namespaces have any), so they may hold anything but
 * event handler attributes; the SVG elements nested in them are checked like any other.
 */
const metadataNamespaces: ReadonlySet<string> = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://www.openswatchbook.org/uri/2009/osb',
  'adobe:ns:meta/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.figma.com/figma/ns',
  'http://www.serif.com/',
  'https://boxy-svg.com',
]);

/**
 * Adobe's vocabularies: Illustrator's own (AdobeIllustrator/10.0/, Extensibility, Graphs, Variables,
 * SaveForWeb …) and the XMP metadata Illustrator embeds, whose schemas are open-ended
 * (xap/1.0/mm/, xap/1.0/sType/ResourceEvent#, pdf/1.3/, photoshop/1.0/ …).
 */
const adobeNamespaces = 'http://ns.adobe.com/';

/** Whether `uri` is the namespace of an editor's or a metadata vocabulary (inert in browsers). */
export const isMetadataNamespace = (uri: string): boolean => metadataNamespaces.has(uri) || uri.startsWith(adobeNamespaces);
