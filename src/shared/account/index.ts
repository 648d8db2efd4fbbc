/** Account rules shared by the app and the server: sign-up validation, passwords, paid periods. */
export * from './validate-sign-up';
export * from './common-passwords';
export * from './product-period';
