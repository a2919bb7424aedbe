/**
 * The part of Swagger UI's prebuilt bundle (swagger-ui-dist, which ships no types) this page uses:
 * the options are Swagger UI's documented configuration.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUiOptions {
    url: string;
    domNode: HTMLElement;
    validatorUrl: string | null;
    queryConfigEnabled: boolean;
    deepLinking: boolean;
    tryItOutEnabled: boolean;
    persistAuthorization: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
