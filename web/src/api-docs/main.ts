import 'swagger-ui-dist/swagger-ui.css';
import { mountApiDocs } from './mount-api-docs';

mountApiDocs(document.getElementById('api-docs')!);
