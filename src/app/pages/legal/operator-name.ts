/** "ИП", "IP", "И.П." or the spelled-out title in front of a configured operator name. */
const TITLE =
  /^\s*(?:ИП|IP|И\.\s?П\.|I\.\s?P\.|индивидуальный предприниматель|individual entrepreneur)\s+/iu;

/**
 * The entrepreneur's own name from the configured operator name, so that texts saying
 * "individual entrepreneur {name}" do not repeat the title when the setting already carries
 * it (e.g. "ИП Иванов Иван Иванович").
 */
export function entrepreneurName(operatorName: string): string {
  const stripped = operatorName.replace(TITLE, '').trim();
  return stripped || operatorName.trim();
}
