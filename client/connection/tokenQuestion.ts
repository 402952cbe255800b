import type { TokenQuestion } from './tokenBroker';

/** The buttons of the token question (Cancel is the dialog's own). */
export const SEND = 'Send Token';
export const ALWAYS = 'Always for This Workspace';

/** The modal question, naming the origin the workspace chose and the user's own. */
export function tokenQuestionText(question: TokenQuestion): { message: string; detail: string } {
  const yours = question.userOrigin ? `Your user settings use ${question.userOrigin}.` : 'Your user settings name no catalog address.';
  const message = question.legacy
    ? `Send your saved Catalog Code token to ${question.origin}?`
    : `Send your token for ${question.origin} to it from this workspace?`;
  const why = question.legacy
    ? `An earlier version of Catalog Code saved one token for every address. This workspace's settings (.vscode/settings.json) set catalogCode.service.url to ${question.origin}. ${yours} "${SEND}" binds that token to ${question.origin}; if it belongs to another catalog, choose Cancel and run "Catalog Code: Sign In" there.`
    : `This workspace's settings (.vscode/settings.json) set catalogCode.service.url to ${question.origin}. ${yours} A repository's settings can name any address: send the token only if you expect this workspace to use ${question.origin}. Cancel connects without a token.`;
  return { message, detail: why };
}

