import { describe, expect, it } from 'vitest';
import { entrepreneurName } from '../../../../src/app/pages/legal/operator-name';

describe('entrepreneurName', () => {
  it.each([
    ['ИП Иванов Иван Иванович', 'Иванов Иван Иванович'],
    ['IP Ivanov Ivan Ivanovich', 'Ivanov Ivan Ivanovich'],
    ['И.П. Петрова А. С.', 'Петрова А. С.'],
    ['Индивидуальный предприниматель Сидоров С. С.', 'Сидоров С. С.'],
    ['Individual entrepreneur John Smith', 'John Smith'],
    ['Ivanov Ivan', 'Ivanov Ivan'],
    ['Ipatov Ivan', 'Ipatov Ivan'],
    ['ИП', 'ИП'],
  ])('%s → %s', (input, expected) => {
    expect(entrepreneurName(input)).toBe(expected);
  });
});
