/**
 * What the editor object offers the user before it changes the document: a Swagger 2.0
 * conversion and an upgrade. The dialogs (generator/) show them; the editor makes them.
 */
import type { ConversionWarning } from '../../shared/openapi/convert-swagger2';
import type { UpgradeChange, UpgradeTarget } from '../../shared/openapi/document/upgrade';

export interface SwaggerConversion {
  /** The Swagger 2.0 text as the user had it. */
  original: string;
  /** The converted OpenAPI 3.0 text. */
  text: string;
  warnings: ConversionWarning[];
}

export interface UpgradeOffer {
  target: UpgradeTarget;
  /** The document's text before the upgrade (Undo opens it again). */
  before: string;
  text: string;
  changes: UpgradeChange[];
}
