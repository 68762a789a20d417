// The evidence as a PDF report (pdf-lib, standard Helvetica: no font file to load): a title, the
// page's status, then each section's rows, wrapped to the page width, with new pages as needed.
// Its size is bounded by the evidence's own limits (evidence.repository.ts).
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Evidence, EvidenceRow, EvidenceSection } from './evidence.js';

const sectionTitles: Record<EvidenceSection, string> = {
  page: 'Monitored page (PCI DSS 6.4.3 and 11.6.1 status)',
  script: 'Script inventory and authorisations',
  change: 'History of scripts and authorisations',
  scan: 'Scan history',
  finding: 'Alerts (script findings)',
  finding_change: 'How the alerts were handled (status history)',
  finding_comment: 'Comments on the alerts',
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const SIZE = 8;
const LEADING = 11;

/** Standard fonts write WinAnsi only: anything else is shown as '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const shown = (value: EvidenceRow[keyof EvidenceRow]) =>
  value === null || value === undefined ? '' : printable(value instanceof Date ? value.toISOString() : String(value));

class Writer {
  private page: PDFPage;
  private y = 0;
  private readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return this.page;
  }

  /** The text cut into lines that fit the width (long words are cut too). */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, { bold = false, size = SIZE, indent = 0 } = {}) {
    const font = bold ? this.bold : this.font;
    for (const line of this.wrap(printable(text), font, size, this.width - indent)) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size + (LEADING - SIZE);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }

  gap(points = LEADING / 2) {
    this.y -= points;
  }
}

function writeRow(w: Writer, row: EvidenceRow) {
  const head = [`#${shown(row.id)}`, shown(row.at), shown(row.type), shown(row.status)].filter(Boolean).join('  ');
  w.text(head, { bold: true });
  if (row.subject) w.text(shown(row.subject), { indent: 10 });
  const lines: Array<[string, EvidenceRow[keyof EvidenceRow]]> = [
    ['By', row.actor],
    ['From', row.from],
    ['To', row.to],
    ['Justification', row.justification],
    ['SHA-256', row.sha256],
    ['', row.detail],
  ];
  for (const [label, value] of lines) {
    if (value === null || value === undefined || value === '') continue;
    w.text(label ? `${label}: ${shown(value)}` : shown(value), { indent: 10 });
  }
  w.gap(3);
}

export async function evidencePdf(evidence: Evidence): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`PCI DSS evidence: ${printable(evidence.page.url)}`);
  doc.setProducer('Vigil');
  doc.setCreationDate(evidence.assessedAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  w.text('PCI DSS v4.0.1 evidence: payment page scripts (6.4.3) and change detection (11.6.1)', {
    bold: true,
    size: 12,
  });
  w.text(`${evidence.storeName}: ${evidence.page.url}`, { size: 10 });
  w.text(`Assessed ${evidence.assessedAt.toISOString()}`);
  for (const section of Object.keys(sectionTitles) as EvidenceSection[]) {
    const rows = evidence.rows.filter((row) => row.section === section);
    w.gap(LEADING);
    w.text(`${sectionTitles[section]} (${rows.length})`, { bold: true, size: 11 });
    w.gap(2);
    if (rows.length === 0) w.text('None.');
    for (const row of rows) writeRow(w, row);
  }
  return doc.save();
}
