/**
 * A loan statement as a PDF (GET /loan/:id/statement.pdf), drawn with pdfkit from the
 * same statement the JSON route answers, so the two never disagree: the loan and the
 * borrower, the terms and the CBK disclosure, the schedule, and every line with the
 * balance after it. A4, the built-in Helvetica (no font files to ship).
 */
import { loadLater } from '../../lib/load-later';
import { formatDate, formatDateTime, formatKes } from '../../../src/lib/format';
import { statementText as t } from '../../../src/i18n/statement';
import { crbText } from '../../../src/i18n/crb';
import type { Statement } from '../../../src/domain/loans';

const MARGIN = 48;
const MUTED = '#555555';

type Column = { title: string; width: number; align?: 'left' | 'right' };

/** Draws a table row by row, starting a new page (and repeating the header) when full. */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const rowOf = (cells: string[], bold: boolean) => {
    const height =
      Math.max(
        ...cells.map((cell, i) =>
          doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').heightOfString(cell, {
            width: columns[i]!.width - 6,
          }),
        ),
      ) + 6;
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      if (!bold)
        rowOf(
          columns.map((c) => c.title),
          true,
        );
    }
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .text(cell, x + 3, top + 3, { width: column.width - 6, align: column.align ?? 'left' });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(x, top + height)
      .strokeColor('#dddddd')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  doc.fontSize(8.5).fillColor('black');
  rowOf(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) rowOf(row, false);
  doc.moveDown();
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor('black').text(text, MARGIN);
  doc.moveDown(0.3);
}

function pairs(doc: PDFKit.PDFDocument, items: [string, string][]) {
  doc.fontSize(9.5);
  for (const [label, value] of items) {
    doc.font('Helvetica').fillColor(MUTED).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Helvetica-Bold').fillColor('black').text(value);
  }
}

const pdfkit = loadLater(() => import('pdfkit'));

export async function statementPdf(statement: Statement): Promise<Buffer> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${t.title} ${statement.loan.loanCode}`,
      Author: statement.business.businessName,
      Subject: t.title,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { loan, borrower, business, terms, totals } = statement;
  doc.font('Helvetica-Bold').fontSize(18).text(`${t.title} ${loan.loanCode}`);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(t.generated(business.businessName, formatDateTime(statement.generatedAt)));

  heading(doc, t.sections.loan);
  pairs(doc, [
    [t.labels.borrower, `${borrower.firstName} ${borrower.lastName}`],
    [t.labels.phone, borrower.phoneNumber],
    [t.labels.idNumber, borrower.idNumber],
    [t.labels.loanCode, loan.loanCode],
    ...(business.paybillNumber
      ? ([[t.labels.paybill, business.paybillNumber]] as [string, string][])
      : []),
    [t.labels.status, loan.status],
    [
      t.labels.disbursed,
      loan.disbursementDate ? formatDate(loan.disbursementDate) : t.labels.notYet,
    ],
    [t.labels.due, loan.dueDate ? formatDate(loan.dueDate) : t.labels.notYet],
    [t.labels.principal, formatKes(terms.principalAmount)],
    [
      t.labels.costOfCredit,
      `${formatKes(terms.totalCostOfCredit)} (${terms.totalCostOfCreditShare}%)`,
    ],
    [t.labels.totalToRepay, formatKes(terms.initialAmount)],
    [t.labels.balanceNow, formatKes(totals.balance)],
  ]);

  heading(doc, t.sections.disclosure);
  doc.font('Helvetica').fontSize(9).fillColor('black');
  for (const paragraph of statement.disclosure) {
    doc.text(paragraph, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
    doc.moveDown(0.35);
  }

  if (statement.crbNotice) {
    heading(doc, crbText.notice.title);
    doc.font('Helvetica').fontSize(9).fillColor('black');
    doc.text(
      crbText.notice.sent(
        formatDateTime(statement.crbNotice.noticedAt),
        formatDate(statement.crbNotice.deadline),
      ),
      MARGIN,
      doc.y,
      { width: doc.page.width - 2 * MARGIN },
    );
    doc.moveDown(0.35);
  }

  heading(doc, t.sections.schedule);
  table(
    doc,
    [
      { title: t.columns.instalment, width: 90 },
      { title: t.columns.due, width: 150 },
      { title: t.columns.amount, width: 120, align: 'right' },
    ],
    statement.schedule.map((row) => [
      String(row.number),
      row.dueDate ? formatDate(row.dueDate) : t.dayOffset(row.dayOffset),
      formatKes(row.amount),
    ]),
  );

  heading(doc, t.sections.lines);
  table(
    doc,
    [
      { title: t.columns.date, width: 78 },
      { title: t.columns.line, width: 145 },
      { title: t.columns.amount, width: 62, align: 'right' },
      { title: t.columns.fines, width: 50, align: 'right' },
      { title: t.columns.interest, width: 50, align: 'right' },
      { title: t.columns.principal, width: 55, align: 'right' },
      { title: t.columns.balance, width: 59, align: 'right' },
    ],
    statement.lines.map((line) => {
      const split = line.kind === 'payment' || line.kind === 'recovery';
      const amount = (value: number) => (split ? formatKes(value).replace(/^KES /, '') : '');
      return [
        formatDateTime(line.at),
        line.overpayment
          ? `${line.description}; ${formatKes(line.overpayment)} ${t.lines.overpayment}`
          : line.description,
        formatKes(line.amount).replace(/^KES /, ''),
        amount(line.fines),
        amount(line.interest),
        amount(line.principal),
        formatKes(line.balance).replace(/^KES /, ''),
      ];
    }),
  );

  heading(doc, t.sections.totals);
  pairs(doc, [
    [t.labels.finesCharged, formatKes(totals.fines)],
    [t.labels.paid, formatKes(totals.paid)],
    [t.labels.paidFines, formatKes(totals.paidFines)],
    [t.labels.paidInterest, formatKes(totals.paidInterest)],
    [t.labels.paidPrincipal, formatKes(totals.paidPrincipal)],
    ...(totals.writtenOff
      ? ([
          [t.labels.writtenOff, formatKes(totals.writtenOff)],
          [t.labels.recovered, formatKes(totals.recovered)],
        ] as [string, string][])
      : []),
    ...(totals.refunded
      ? ([[t.labels.refunded, formatKes(totals.refunded)]] as [string, string][])
      : []),
    [t.labels.balance, formatKes(totals.balance)],
  ]);

  doc.end();
  return done;
}
