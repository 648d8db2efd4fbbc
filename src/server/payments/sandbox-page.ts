import { createHash } from 'node:crypto';
import { displayPrice } from './money';
import type { OrderStatus } from './types';

/** The page's only stylesheet; its hash is what the page's CSP allows (no inline script at all). */
const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.35rem;margin:0 0 .25rem}
.note{color:#5b6475;margin:0 0 1.5rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}
dt{color:#5b6475}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem}
form{margin:0}
button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #c9ced8;background:#fff;cursor:pointer}
button.pay{background:#1f6feb;border-color:#1f6feb;color:#fff}
a{color:#1f6feb}
`.trim();

/** Content-Security-Policy of the sandbox pages: nothing but our stylesheet and same-origin forms. */
export const SANDBOX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export interface SandboxPageOrder {
  id: string;
  months: number;
  amountMinor: number;
  currency: string;
  status: OrderStatus;
}

const STATUS_TEXT: Record<OrderStatus, [string, string]> = {
  created: ['Awaiting payment', 'Ожидает оплаты'],
  pending: ['Awaiting payment', 'Ожидает оплаты'],
  paid: ['Paid — your subscription is extended', 'Оплачено — подписка продлена'],
  cancelled: ['Cancelled', 'Отменено'],
  failed: ['Payment failed', 'Оплата не прошла'],
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function planText(months: number): [string, string] {
  const en = months === 1 ? '1 month' : `${months} months`;
  const mod10 = months % 10;
  const mod100 = months % 100;
  const ru =
    mod10 === 1 && mod100 !== 11
      ? 'месяц'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'месяца'
        : 'месяцев';
  return [en, `${months} ${ru}`];
}

/**
 * The sandbox payment page: bilingual (English / Russian), the plan and amount, and two plain
 * forms — Pay and Cancel — that post back to our server. No script.
 */
export function renderSandboxPage(order: SandboxPageOrder, publicUrl: string): string {
  const [planEn, planRu] = planText(order.months);
  const price = displayPrice(order.amountMinor, order.currency);
  const open = order.status === 'created' || order.status === 'pending';
  const [statusEn, statusRu] = STATUS_TEXT[order.status];
  const base = `/sandbox/pay/${encodeURIComponent(order.id)}`;
  const actions = open
    ? `<div class="actions">
  <form method="post" action="${base}/pay"><input type="hidden" name="confirm" value="1"><button class="pay" type="submit">Pay · Оплатить</button></form>
  <form method="post" action="${base}/cancel"><input type="hidden" name="confirm" value="1"><button type="submit">Cancel · Отменить</button></form>
</div>`
    : `<p><a href="${escapeHtml(publicUrl)}/profile">Go to your profile · Перейти в профиль</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment · Тестовая оплата — Specform</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sandbox payment · <span lang="ru">Тестовая оплата</span></h1>
<p class="note">No real money is charged. · <span lang="ru">Деньги не списываются.</span></p>
<dl>
<dt>Plan · <span lang="ru">Тариф</span></dt><dd>${escapeHtml(planEn)} · <span lang="ru">${escapeHtml(planRu)}</span></dd>
<dt>Amount · <span lang="ru">Сумма</span></dt><dd>${escapeHtml(price)}</dd>
<dt>Order · <span lang="ru">Заказ</span></dt><dd><code>${escapeHtml(order.id)}</code></dd>
<dt>Status · <span lang="ru">Статус</span></dt><dd class="status" role="status">${escapeHtml(statusEn)} · <span lang="ru">${escapeHtml(statusRu)}</span></dd>
</dl>
${actions}
</main>
</body>
</html>
`;
}
