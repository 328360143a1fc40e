import { describe, expect, it } from 'vitest';
import { parseHtml, sanitizeHtml } from './html-sanitizer.ts';

describe('sanitizeHtml', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2 style="text-align: center">Receita</h2><p>Uso <strong>oral</strong>, <em>2x</em> <u>ao dia</u> <s>jejum</s><br>fim</p>' +
      '<ul><li><p>um</p></li></ul><ol><li>dois</li></ol><blockquote><p>nota</p></blockquote><hr>' +
      '<p style="text-align: justify">{{pet.nome}}</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, iframes, images and their content', () => {
    const limpo = sanitizeHtml(
      '<p>a<script>alert(1)</script>b</p><style>p{color:red}</style><iframe src="https://x.com">x</iframe>' +
        '<img src="https://evil.com/x.png" onerror="alert(1)"><svg><script>alert(2)</script></svg><p>c</p>',
    );
    expect(limpo).toBe('<p>ab</p><p>c</p>');
  });

  it('drops event handlers, classes and other styles, unwraps unknown tags', () => {
    expect(
      sanitizeHtml('<div class="x" onclick="alert(1)"><p onmouseover="x()" style="color: red; text-align: right">t</p></div>'),
    ).toBe('<p style="text-align: right">t</p>');
    expect(sanitizeHtml('<table><tr><td>célula</td></tr></table><font color="red">f</font>')).toBe('célulaf');
    expect(sanitizeHtml('<p><span style="font-size: 40px">x</span><span style="text-align:center">y</span></p>')).toBe(
      '<p>x<span style="text-align: center">y</span></p>',
    );
  });

  it('keeps only http(s) and mailto links', () => {
    expect(sanitizeHtml('<a href="https://cfmv.gov.br" onclick="x()">CFMV</a>')).toBe(
      '<a href="https://cfmv.gov.br" target="_blank" rel="noopener noreferrer nofollow">CFMV</a>',
    );
    expect(sanitizeHtml('<a href="mailto:vet@clinica.com.br">mail</a>')).toContain('href="mailto:vet@clinica.com.br"');
    for (const href of [
      'javascript:alert(1)',
      'java&#x09;script:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '/relativo',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('x');
    }
  });

  it('escapes text and attributes, decodes entities once', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; R$ 10</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; R$ 10</p>',
    );
    expect(sanitizeHtml('<a href="https://x.com/?a=1&amp;b=&quot;2&quot;">x</a>')).toContain(
      'href="https://x.com/?a=1&amp;b=&quot;2&quot;"',
    );
    expect(sanitizeHtml('texto solto <!-- comentário --> e <b>negrito</b>')).toBe('texto solto  e <b>negrito</b>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const uma = sanitizeHtml('<p>a <i>b<u>c</p> <del>d</del><h6>e</h6><br/><hr/>');
    expect(sanitizeHtml(uma)).toBe(uma);
    expect(uma).toContain('<s>d</s>');
    expect(uma).toContain('<h4>e</h4>');
  });

  it('parses into a tree with decoded text', () => {
    expect(parseHtml('<p>a &amp; <b>b</b></p>')).toEqual([
      {
        type: 'element',
        name: 'p',
        attribs: {},
        children: [
          { type: 'text', text: 'a & ' },
          { type: 'element', name: 'b', attribs: {}, children: [{ type: 'text', text: 'b' }] },
        ],
      },
    ]);
  });
});
