import { ClaimSuccessPage } from './ClaimResultPage.tsx';

export default ClaimSuccessPage;
