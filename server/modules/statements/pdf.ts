/**
 * A loan statement as a PDF (GET /loan/:id/statement.pdf), drawn with pdfkit from the
 * same statement the JSON route answers, so the two never disagree: the loan and the
 * borrower, the terms and the CBK disclosure, the schedule, and every line with the
 * balance after it. A4, the built-in Helvetica (no font files to ship).
 */
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime, formatKes } from '../../../src/lib/format';
import { statementText as t } from '../../../src/i18n/statement';
import type { LoanStatement } from './service';

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

export function statementPdf(statement: LoanStatement): Promise<Buffer> {
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
    .text(`${business.businessName} · generated ${formatDateTime(statement.generatedAt)}`);

  heading(doc, 'Loan');
  pairs(doc, [
    ['Borrower', `${borrower.firstName} ${borrower.lastName}`],
    ['Phone number', borrower.phoneNumber],
    ['ID number', borrower.idNumber],
    ['Loan code (M-Pesa account number)', loan.loanCode],
    ...(business.paybillNumber
      ? ([['Paybill', business.paybillNumber]] as [string, string][])
      : []),
    ['Status', loan.status],
    ['Disbursed', loan.disbursementDate ? formatDate(loan.disbursementDate) : 'Not yet'],
    ['Due', loan.dueDate ? formatDate(loan.dueDate) : 'Not yet'],
    ['Principal', formatKes(terms.principalAmount)],
    [
      'Total cost of credit',
      `${formatKes(terms.totalCostOfCredit)} (${terms.totalCostOfCreditShare}%)`,
    ],
    ['Total to repay', formatKes(terms.initialAmount)],
    ['Balance now', formatKes(totals.balance)],
  ]);

  heading(doc, 'Terms and disclosure');
  doc.font('Helvetica').fontSize(9).fillColor('black');
  for (const paragraph of statement.disclosure) {
    doc.text(paragraph, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
    doc.moveDown(0.35);
  }

  heading(doc, 'Schedule');
  table(
    doc,
    [
      { title: 'Instalment', width: 90 },
      { title: 'Due', width: 150 },
      { title: 'Amount', width: 120, align: 'right' },
    ],
    statement.schedule.map((row) => [
      String(row.number),
      row.dueDate ? formatDate(row.dueDate) : `Day ${row.dayOffset}`,
      formatKes(row.amount),
    ]),
  );

  heading(doc, 'Lines');
  table(
    doc,
    [
      { title: 'Date', width: 78 },
      { title: 'Line', width: 145 },
      { title: 'Amount', width: 62, align: 'right' },
      { title: 'Fines', width: 50, align: 'right' },
      { title: 'Interest', width: 50, align: 'right' },
      { title: 'Principal', width: 55, align: 'right' },
      { title: 'Balance', width: 59, align: 'right' },
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

  heading(doc, 'Totals');
  pairs(doc, [
    ['Fines charged', formatKes(totals.fines)],
    ['Paid', formatKes(totals.paid)],
    ['  of which fines', formatKes(totals.paidFines)],
    ['  of which interest', formatKes(totals.paidInterest)],
    ['  of which principal', formatKes(totals.paidPrincipal)],
    ...(totals.writtenOff
      ? ([
          ['Written off', formatKes(totals.writtenOff)],
          ['Recovered after write-off', formatKes(totals.recovered)],
        ] as [string, string][])
      : []),
    ...(totals.refunded ? ([['Refunded', formatKes(totals.refunded)]] as [string, string][]) : []),
    ['Balance', formatKes(totals.balance)],
  ]);

  doc.end();
  return done;
}
