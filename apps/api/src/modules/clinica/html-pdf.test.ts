import { describe, expect, it } from 'vitest';
import { htmlParaPdf } from './html-pdf.ts';

describe('htmlParaPdf', () => {
  it('paragraphs with bold, italic, underline and strike runs', () => {
    expect(htmlParaPdf('<p>Uso <strong>oral</strong>, <em>2x <u>ao</u></em> <s>dia</s></p>')).toEqual([
      {
        text: [
          { text: 'Uso ' },
          { text: 'oral', bold: true },
          { text: ', ' },
          { text: '2x ', italics: true },
          { text: 'ao', italics: true, decoration: ['underline'] },
          { text: ' ' },
          { text: 'dia', decoration: ['lineThrough'] },
        ],
        margin: [0, 0, 0, 6],
      },
    ]);
  });

  it('combines decorations and keeps links', () => {
    const [p] = htmlParaPdf(
      '<p><u><s>x</s></u><a href="https://cfmv.gov.br">CFMV</a><a href="javascript:alert(1)">y</a></p>',
    ) as [{ text: object[] }];
    expect(p.text).toEqual([
      { text: 'x', decoration: ['underline', 'lineThrough'] },
      { text: 'CFMV', decoration: ['underline'], link: 'https://cfmv.gov.br', color: '#1f4e9e' },
      { text: 'y' },
    ]);
  });

  it('headings with sizes and alignment; aligned paragraphs', () => {
    expect(htmlParaPdf('<h1 style="text-align: center">Atestado</h1><h3>Sub</h3><p style="text-align: justify">t</p>')).toEqual([
      { text: [{ text: 'Atestado', bold: true }], fontSize: 16, margin: [0, 6, 0, 4], alignment: 'center' },
      { text: [{ text: 'Sub', bold: true }], fontSize: 12, margin: [0, 6, 0, 4] },
      { text: [{ text: 't' }], margin: [0, 0, 0, 6], alignment: 'justify' },
    ]);
  });

  it('lists (with paragraphs in items, nested), blockquote and hr', () => {
    const conteudo = htmlParaPdf(
      '<ul><li><p>um</p></li><li>dois<ol><li>a</li></ol></li></ul><blockquote><p>nota</p></blockquote><hr>',
      { largura: 500 },
    );
    expect(conteudo).toEqual([
      {
        ul: [
          { text: [{ text: 'um' }], margin: [0, 0, 0, 2] },
          {
            stack: [
              { text: [{ text: 'dois' }], margin: [0, 0, 0, 2] },
              { ol: [{ text: [{ text: 'a' }], margin: [0, 0, 0, 2] }], margin: [0, 0, 0, 2] },
            ],
          },
        ],
        margin: [0, 0, 0, 6],
      },
      { stack: [{ text: [{ text: 'nota' }], margin: [0, 0, 0, 6] }], margin: [16, 0, 0, 4], color: '#444444' },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 500, y2: 0, lineWidth: 0.5 }], margin: [0, 4, 0, 8] },
    ]);
  });

  it('line breaks, collapsed whitespace, blank lines and loose text', () => {
    expect(htmlParaPdf('solto\n  texto<p>a  \n b<br> c </p><p></p>')).toEqual([
      { text: [{ text: 'solto texto' }], margin: [0, 0, 0, 6] },
      { text: [{ text: 'a b' }, { text: '\n' }, { text: 'c' }], margin: [0, 0, 0, 6] },
      { text: ' ', margin: [0, 0, 0, 6] },
    ]);
  });

  it('never prints scripts or styles, and prints escaped markup as text', () => {
    const conteudo = htmlParaPdf('<p>&lt;script&gt;alert(1)&lt;/script&gt;<script>alert(2)</script><style>p{}</style></p>');
    expect(JSON.stringify(conteudo)).toContain('<script>alert(1)</script>');
    expect(JSON.stringify(conteudo)).not.toContain('alert(2)');
    expect(JSON.stringify(conteudo)).not.toContain('p{}');
  });

  it('is structured-cloneable (no functions)', () => {
    const conteudo = htmlParaPdf('<h2>T</h2><ul><li>x</li></ul><hr><p><a href="https://x.com">l</a></p>');
    expect(structuredClone(conteudo)).toEqual(conteudo);
  });
});
