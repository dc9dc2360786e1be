/** 123450 → "KES 1,234.50", for sentences the server writes (src/domain/money.ts). */
export { formatKesText } from '../../src/domain/money';
