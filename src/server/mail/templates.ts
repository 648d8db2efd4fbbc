/** A bilingual (English, then Russian) e-mail: plain text plus a simple HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(
  subject: string,
  en: string[],
  ru: string[],
  link?: { url: string; en: string; ru: string },
): MailContent {
  const textPart = (lines: string[], label?: string) =>
    [...lines, ...(link && label ? ['', `${label}:`, link.url] : [])].join('\n');
  const htmlPart = (lines: string[], label?: string) =>
    [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(link && label
        ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(label)}</a></p>`]
        : []),
    ].join('\n');
  return {
    subject,
    text: `${textPart(en, link?.en)}\n\n---\n\n${textPart(ru, link?.ru)}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">\n<div lang="en">\n${htmlPart(en, link?.en)}\n</div>\n<hr>\n<div lang="ru">\n${htmlPart(ru, link?.ru)}\n</div>\n</body></html>\n`,
  };
}

/** The link that confirms a new account's e-mail address. */
export function verificationMail(firstName: string, link: string, ttlHours: number): MailContent {
  return compose(
    'Specform: confirm your e-mail / подтвердите e-mail',
    [
      `Hello, ${firstName}!`,
      'Please confirm your e-mail address to finish signing up for Specform.',
      `The link works once and expires in ${ttlHours} hours. If you did not sign up, ignore this message.`,
    ],
    [
      `Здравствуйте, ${firstName}!`,
      'Подтвердите адрес электронной почты, чтобы завершить регистрацию в Specform.',
      `Ссылка действует один раз и в течение ${ttlHours} ч. Если вы не регистрировались, просто проигнорируйте это письмо.`,
    ],
    { url: link, en: 'Confirm e-mail', ru: 'Подтвердить e-mail' },
  );
}

/** Sent to the owner when someone tries to sign up again with an existing address. */
export function accountExistsMail(firstName: string, loginLink: string): MailContent {
  return compose(
    'Specform: sign-up attempt / попытка регистрации',
    [
      `Hello, ${firstName}!`,
      'Someone (perhaps you) tried to sign up for Specform with this e-mail address, which already has an account.',
      'If it was you, just log in. If you forgot your password, use "Forgot your password?" on the login page. Otherwise you can ignore this message: nothing was changed.',
    ],
    [
      `Здравствуйте, ${firstName}!`,
      'Кто-то (возможно, вы) пытался зарегистрироваться в Specform с этим адресом, но учётная запись с ним уже существует.',
      'Если это были вы, просто войдите. Если вы забыли пароль, нажмите «Забыли пароль?» на странице входа. Иначе проигнорируйте письмо: ничего не изменилось.',
    ],
    { url: loginLink, en: 'Log in', ru: 'Войти' },
  );
}

/** The link that sets a new password. */
export function passwordResetMail(
  firstName: string,
  link: string,
  ttlMinutes: number,
): MailContent {
  return compose(
    'Specform: reset your password / сброс пароля',
    [
      `Hello, ${firstName}!`,
      'Someone (perhaps you) asked to reset the password of your Specform account.',
      `The link works once and expires in ${ttlMinutes} minutes. Setting a new password logs you out everywhere. If you did not ask for it, ignore this message: your password stays as it is.`,
    ],
    [
      `Здравствуйте, ${firstName}!`,
      'Кто-то (возможно, вы) запросил сброс пароля учётной записи Specform.',
      `Ссылка действует один раз и в течение ${ttlMinutes} мин. После смены пароля все ваши сеансы будут завершены. Если вы не запрашивали сброс, проигнорируйте письмо: пароль останется прежним.`,
    ],
    { url: link, en: 'Set a new password', ru: 'Задать новый пароль' },
  );
}
