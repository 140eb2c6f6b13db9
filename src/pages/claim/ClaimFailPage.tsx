import { ClaimFailPage } from './ClaimResultPage.tsx';

export default ClaimFailPage;
