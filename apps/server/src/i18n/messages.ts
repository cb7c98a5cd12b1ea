import type { Language } from '@reqloom/domain';

// Server-side texts: error messages and mails, in every supported language.
const en = {
  'http.unauthenticated': 'Unauthenticated.',
  'http.forbidden': 'This action is unauthorized.',
  'http.not_found': 'Not found.',
  'http.conflict': 'Someone else changed this since you opened it.',
  'http.csrf': 'CSRF token mismatch.',
  'http.invalid': 'The given data was invalid.',
  'http.malformed_json': 'The request body is not valid JSON.',
  'http.too_large': 'The request body is too large.',
  'http.image_too_large': 'The file is too large (> 2MB).',
  'http.import_too_large': 'The file is too large (> 20 MB).',
  'http.unsupported_media': 'Unsupported content type.',
  'http.too_many': 'Too many requests. Please try again in {seconds} seconds.',
  'http.bad_request': 'Bad request.',
  'http.bad_url': 'The address is not valid.',
  'http.uri_too_long': 'The address is too long.',
  'http.headers_too_large': 'The request headers are too large.',
  'http.timeout': 'The request took too long.',
  'http.server_error': 'Server error.',
  'validation.required': 'This field is required.',
  'validation.string': 'This field must be a text.',
  'validation.number': 'This field must be a number.',
  'validation.integer': 'This field must be an integer.',
  'validation.boolean': 'This field must be true or false.',
  'validation.array': 'This field must be a list.',
  'validation.object': 'This field must be an object.',
  'validation.invalid': 'This value is invalid.',
  'validation.min_string': 'This field must be at least {min} characters.',
  'validation.max_string': 'This field must not be greater than {max} characters.',
  'validation.min_number': 'This field must be at least {min}.',
  'validation.max_number': 'This field must not be greater than {max}.',
  'validation.min_array': 'This list must have at least {min} items.',
  'validation.max_array': 'This list must not have more than {max} items.',
  'validation.email': 'This field must be a valid email address.',
  'validation.in': 'The selected value is invalid.',
  'validation.confirmed': 'The confirmation does not match.',
  'validation.username_format':
    'The username may only contain lower-case letters, digits, dashes and underscores, and must start with a letter or a digit.',
  'validation.slug_format': 'Only lower-case letters, digits, dashes and underscores are allowed.',
  'validation.test_step_order': 'Steps are numbered 1, 2, 3… in order.',
  'validation.timezone': 'This is not a known time zone.',
  'validation.too_large': 'This value is too large.',
  'validation.too_many': 'Too many items.',
  'validation.reqif': 'The file must be a ReqIF file (.reqif or .reqifz) that can be read.',
  'validation.docx': 'The file must be a Word document (.docx) that can be read.',
  'validation.rich_text_elements':
    'This text holds too many elements (paragraphs, list items, table cells, formatting…): at most 2,000.',
  'export.too_large':
    'This document is too large to export: building its file takes more time or memory than an export may.',
  'import.skip.description_cut':
    'A description of more than 2,000 elements (paragraphs, cells, formatting…): only its first 2,000 are kept.',
  'import.skip.front_matter':
    'The title page and what comes before the first heading (revision history, approvals, contents): the title names the document, the rest is left out, since Reqloom keeps the versions of a document itself.',
  'import.skip.image_wmf': 'A WMF drawing, which a browser cannot show.',
  'import.skip.image_emf': 'An EMF drawing, which a browser cannot show.',
  'import.skip.image_linked': 'An image linked from outside the file.',
  'import.skip.chart': 'A chart cannot be imported; its data stays in the Word file.',
  'import.skip.smartart': 'A SmartArt diagram cannot be imported.',
  'import.skip.alt_chunk': 'Content that Word imports from another file is not read.',
  'import.skip.row_without_id': 'A table row without a requirement identifier in its first cells is not a requirement.',
  'import.skip.image_format': 'An image in a format a browser cannot show (WMF, EMF…).',
  'import.skip.embedded_object': 'An embedded object (OLE, RTF) that cannot be shown; its preview or text is kept.',
  'import.skip.object_missing': 'The file refers to an object it does not hold.',
  'import.skip.definition_missing': 'A value whose attribute definition is not in the file.',
  'import.skip.heading_values': 'Values of headings are not kept: chapters hold a name and a description.',
  'import.skip.link_end_missing': 'A link whose end was not imported.',
  'import.skip.link_heading': 'A link to or from a heading, which became a chapter: links join requirements.',
  'import.skip.link_same_document':
    'A link within one document: links join the requirements of a parent and a child document.',
  'import.skip.link_cycle': "A link that would make the documents' parent-child graph circular.",
  'import.skip.link_documents_limit': 'A link past the 2,000 pairs of documents one import links.',
  'validation.image': 'The file must be a PNG, JPEG, GIF or WebP image.',
  'validation.username_taken': 'This username is already taken.',
  'validation.email_taken': 'This email address is already registered.',
  'validation.acronym_format': 'Only upper-case letters and digits are allowed.',
  'validation.app_path': 'This must be a page of this site.',
  'validation.category_reference_taken':
    'Another category here already has this acronym: their references would be the same.',
  'validation.acronym_max': 'The acronym must not be longer than {max} characters.',
  'validation.document_acronym_taken':
    'Another document of this project already has this acronym: their references would be the same.',
  'validation.slug_taken': 'This URL is already taken.',
  'validation.project_slug_taken': 'A project with this URL already exists in that namespace.',
  'validation.group_member': 'You are not a member of this group.',
  'validation.transfer_target': 'You can only transfer a project to yourself or to a group you belong to.',
  'validation.last_maintainer': 'A project keeps at least one maintainer: make another member maintainer first.',
  'validation.date_format':
    'This must be a date (2026-11-28) or a date and time with its offset (2026-11-28T14:30:00Z).',
  'validation.cursor': 'This page marker is not one the server gave; start again from the first page.',
  'validation.cycle': 'This link would make a cycle.',
  'validation.not_in_document': 'This category does not belong to the chosen document.',
  'validation.revision_of': 'This is not a revision of this requirement.',
  'validation.link_documents': 'Requirements can only be linked between documents linked parent to child.',
  'validation.test_copy': 'Tests cannot be copied.',
  'validation.test_delete_runs': 'A test that has runs cannot be deleted: its runs are evidence.',
  'validation.test_only': 'Only a test has this field.',
  'validation.test_previous': 'Choose tests of this project, other than this one.',
  'validation.test_run_steps': 'A run gives every step of the test, in order, each with a status.',
  'validation.tag_color': 'This colour is not one of the palette.',
  'validation.date': 'This must be a date (YYYY-MM-DD).',
  'validation.tag_title_taken': 'This classifier already has a tag with this title.',
  'validation.tag_other_document': 'This tag belongs to a classifier of another document.',
  'validation.tag_single_select': 'This classifier holds only one tag per requirement.',
  'validation.multiselect_in_use': 'Some requirements hold several tags of this classifier.',
  'validation.parent_category': 'A category cannot be placed under itself or one of its sub-categories.',
  'validation.not_in_project': 'This element does not belong to this project.',
  'validation.not_a_link': 'These two requirements are not linked in this project.',
  'validation.comment_empty': 'The comment has no text left once unsafe markup is removed.',
  'validation.baseline_name_taken': 'This project already has a baseline with this name.',
  'requirement.copy_of': 'Copy of',
  'join.group_invalid': 'The link you used to join this group is not valid.',
  'join.project_invalid': 'The link you used to join this project is not valid.',
  'auth.failed': 'Those credentials are incorrect.',
  'auth.unconfirmed': 'This account has not been confirmed yet. Please use the link in the email we sent you.',
  'auth.registered': 'Your account has been registered. However, it must be confirmed...',
  'auth.confirm_invalid': 'The link you used to confirm this account is not valid.',
  'auth.reset_link_sent': 'You will receive a password reset email in your mailbox very shortly.',
  'auth.unknown_email': 'Your e-mail does not seem to be in our database.',
  'auth.reset_invalid': 'This password reset link is not valid or has expired.',
  'auth.password_reset': 'Your password has been reset.',
  'auth.current_password': 'The current password is incorrect.',
  'auth.password_again': 'The password is incorrect.',
  'signature.unknown': 'This signature is not one of this review.',
  'signature.revoked': 'This signature is already revoked.',
  'signature.already': 'You have already signed this revision of the review: revoke that signature first.',
  'auth.session_required': 'This action requires signing in with a password, not an access token.',
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'The Reqloom team',
  'mail.confirm.subject': 'Confirm your Reqloom account',
  'mail.confirm.body': 'Welcome to Reqloom. Please confirm your account by opening this link within 24 hours:',
  'mail.confirm.ignore': 'If you did not create an account, you can ignore this email.',
  'mail.reset.subject': 'Reset your Reqloom password',
  'mail.reset.body': 'Someone asked to reset the password of your Reqloom account. Open this link within 60 minutes:',
  'mail.reset.ignore': 'If it was not you, you can ignore this email: your password stays as it is.',
} as const;

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  'http.unauthenticated': 'Non authentifié.',
  'http.forbidden': "Cette action n'est pas autorisée.",
  'http.not_found': 'Introuvable.',
  'http.conflict': 'Quelqu’un d’autre l’a modifié depuis que vous l’avez ouvert.',
  'http.csrf': 'Jeton CSRF invalide.',
  'http.invalid': 'Les données fournies ne sont pas valides.',
  'http.malformed_json': "Le corps de la requête n'est pas du JSON valide.",
  'http.too_large': 'Le corps de la requête est trop volumineux.',
  'http.image_too_large': 'Le fichier est trop volumineux (> 2 Mo).',
  'http.import_too_large': 'Le fichier est trop volumineux (> 20 Mo).',
  'http.unsupported_media': 'Type de contenu non pris en charge.',
  'http.too_many': 'Trop de requêtes. Veuillez réessayer dans {seconds} secondes.',
  'http.bad_request': 'Requête incorrecte.',
  'http.bad_url': "L'adresse n'est pas valide.",
  'http.uri_too_long': "L'adresse est trop longue.",
  'http.headers_too_large': 'Les en-têtes de la requête sont trop volumineux.',
  'http.timeout': 'La requête a pris trop de temps.',
  'http.server_error': 'Erreur du serveur.',
  'validation.required': 'Ce champ est obligatoire.',
  'validation.string': 'Ce champ doit être un texte.',
  'validation.number': 'Ce champ doit être un nombre.',
  'validation.integer': 'Ce champ doit être un nombre entier.',
  'validation.boolean': 'Ce champ doit être vrai ou faux.',
  'validation.array': 'Ce champ doit être une liste.',
  'validation.object': 'Ce champ doit être un objet.',
  'validation.invalid': "Cette valeur n'est pas valide.",
  'validation.min_string': 'Ce champ doit contenir au moins {min} caractères.',
  'validation.max_string': 'Ce champ ne doit pas dépasser {max} caractères.',
  'validation.min_number': 'Ce champ doit être au moins {min}.',
  'validation.max_number': 'Ce champ ne doit pas dépasser {max}.',
  'validation.min_array': 'Cette liste doit contenir au moins {min} éléments.',
  'validation.max_array': 'Cette liste ne doit pas contenir plus de {max} éléments.',
  'validation.email': 'Ce champ doit être une adresse e-mail valide.',
  'validation.in': "La valeur sélectionnée n'est pas valide.",
  'validation.confirmed': 'La confirmation ne correspond pas.',
  'validation.username_format':
    "Le nom d'utilisateur ne peut contenir que des lettres minuscules, des chiffres, des tirets et des tirets bas, et doit commencer par une lettre ou un chiffre.",
  'validation.slug_format': 'Seuls les lettres minuscules, les chiffres, les tirets et les tirets bas sont autorisés.',
  'validation.test_step_order': 'Les étapes sont numérotées 1, 2, 3… dans l’ordre.',
  'validation.timezone': "Ce fuseau horaire n'est pas connu.",
  'validation.too_large': 'Cette valeur est trop volumineuse.',
  'validation.too_many': "Trop d'éléments.",
  'validation.reqif': 'Le fichier doit être un fichier ReqIF (.reqif ou .reqifz) lisible.',
  'validation.docx': 'Le fichier doit être un document Word (.docx) lisible.',
  'validation.rich_text_elements':
    'Ce texte contient trop d’éléments (paragraphes, éléments de liste, cellules, mises en forme…) : 2 000 au plus.',
  'export.too_large':
    "Ce document est trop volumineux pour être exporté : construire son fichier demande plus de temps ou de mémoire qu'un export n'en dispose.",
  'import.skip.description_cut':
    'Une description de plus de 2 000 éléments (paragraphes, cellules, mises en forme…) : seuls ses 2 000 premiers sont gardés.',
  'import.skip.front_matter':
    'La page de titre et ce qui précède le premier titre (historique des révisions, approbations, sommaire) : le titre nomme le document, le reste est laissé de côté, puisque Reqloom garde lui-même les versions d’un document.',
  'import.skip.image_wmf': "Un dessin WMF, qu'un navigateur ne sait pas afficher.",
  'import.skip.image_emf': "Un dessin EMF, qu'un navigateur ne sait pas afficher.",
  'import.skip.image_linked': "Une image liée depuis l'extérieur du fichier.",
  'import.skip.chart': 'Un graphique ne peut être importé ; ses données restent dans le fichier Word.',
  'import.skip.smartart': 'Un diagramme SmartArt ne peut être importé.',
  'import.skip.alt_chunk': "Le contenu que Word importe d'un autre fichier n'est pas lu.",
  'import.skip.row_without_id':
    "Une ligne de tableau sans identifiant d'exigence dans ses premières cellules n'est pas une exigence.",
  'import.skip.image_format': "Une image dans un format qu'un navigateur ne sait pas afficher (WMF, EMF…).",
  'import.skip.embedded_object':
    'Un objet incorporé (OLE, RTF) qui ne peut être affiché ; son aperçu ou son texte est gardé.',
  'import.skip.object_missing': "Le fichier renvoie à un objet qu'il ne contient pas.",
  'import.skip.definition_missing': "Une valeur dont la définition d'attribut n'est pas dans le fichier.",
  'import.skip.heading_values': 'Les valeurs des titres ne sont pas gardées : un chapitre a un nom et une description.',
  'import.skip.link_end_missing': "Un lien dont une extrémité n'a pas été importée.",
  'import.skip.link_heading': 'Un lien vers ou depuis un titre, devenu chapitre : les liens relient des exigences.',
  'import.skip.link_same_document':
    "Un lien à l'intérieur d'un document : les liens relient les exigences d'un document parent et d'un document enfant.",
  'import.skip.link_cycle': 'Un lien qui rendrait circulaire le graphe parent-enfant des documents.',
  'import.skip.link_documents_limit': 'Un lien au-delà des 2 000 paires de documents qu’un import relie.',
  'validation.image': 'Le fichier doit être une image PNG, JPEG, GIF ou WebP.',
  'validation.username_taken': "Ce nom d'utilisateur est déjà pris.",
  'validation.email_taken': 'Cette adresse e-mail est déjà enregistrée.',
  'validation.acronym_format': 'Seuls les lettres majuscules et les chiffres sont autorisés.',
  'validation.app_path': 'Ce doit être une page de ce site.',
  'validation.category_reference_taken':
    'Une autre catégorie à cet endroit a déjà cet acronyme : leurs références seraient identiques.',
  'validation.acronym_max': "L'acronyme ne doit pas dépasser {max} caractères.",
  'validation.document_acronym_taken':
    'Un autre document de ce projet a déjà cet acronyme : leurs références seraient identiques.',
  'validation.slug_taken': 'Cette URL est déjà prise.',
  'validation.project_slug_taken': 'Un projet avec cette URL existe déjà dans cet espace.',
  'validation.group_member': "Vous n'êtes pas membre de ce groupe.",
  'validation.transfer_target':
    "Vous ne pouvez transférer un projet qu'à vous-même ou à un groupe dont vous êtes membre.",
  'validation.last_maintainer': "Un projet garde au moins un mainteneur : nommez d'abord un autre membre mainteneur.",
  'validation.date_format':
    'Il faut une date (2026-11-28) ou une date et une heure avec son décalage (2026-11-28T14:30:00Z).',
  'validation.cursor': "Ce marqueur de page n'a pas été donné par le serveur : reprenez depuis la première page.",
  'validation.cycle': 'Ce lien créerait un cycle.',
  'validation.not_in_document': "Cette catégorie n'appartient pas au document choisi.",
  'validation.revision_of': "Ce n'est pas une révision de cette exigence.",
  'validation.link_documents': 'Les exigences ne peuvent être liées qu’entre documents liés parent-enfant.',
  'validation.test_copy': 'Les tests ne peuvent pas être copiés.',
  'validation.test_delete_runs': 'Un test qui a des exécutions ne peut pas être supprimé : elles en sont la preuve.',
  'validation.test_only': 'Seul un test a ce champ.',
  'validation.test_previous': 'Choisissez des tests de ce projet, autres que celui-ci.',
  'validation.test_run_steps': 'Une exécution donne chaque étape du test, dans l’ordre, chacune avec un statut.',
  'validation.tag_color': "Cette couleur n'est pas dans la palette.",
  'validation.date': 'Ceci doit être une date (AAAA-MM-JJ).',
  'validation.tag_title_taken': 'Ce classificateur a déjà une étiquette de ce titre.',
  'validation.tag_other_document': "Cette étiquette appartient à un classificateur d'un autre document.",
  'validation.tag_single_select': "Ce classificateur n'admet qu'une étiquette par exigence.",
  'validation.multiselect_in_use': 'Des exigences portent plusieurs étiquettes de ce classificateur.',
  'validation.parent_category': "Une catégorie ne peut pas être placée sous elle-même ou l'une de ses sous-catégories.",
  'validation.not_in_project': "Cet élément n'appartient pas à ce projet.",
  'validation.not_a_link': 'Ces deux exigences ne sont pas liées dans ce projet.',
  'validation.comment_empty': 'Le commentaire ne contient plus de texte une fois le balisage dangereux retiré.',
  'validation.baseline_name_taken': 'Ce projet a déjà une référence de base de ce nom.',
  'requirement.copy_of': 'Copie de',
  'join.group_invalid': "Le lien utilisé pour rejoindre ce groupe n'est pas valide.",
  'join.project_invalid': "Le lien utilisé pour rejoindre ce projet n'est pas valide.",
  'auth.failed': 'Ces identifiants sont incorrects.',
  'auth.unconfirmed': "Ce compte n'a pas encore été confirmé. Utilisez le lien de l'e-mail que nous vous avons envoyé.",
  'auth.registered': 'Votre compte a été enregistré. Il doit cependant être confirmé...',
  'auth.confirm_invalid': "Le lien utilisé pour confirmer ce compte n'est pas valide.",
  'auth.reset_link_sent': 'Vous allez très bientôt recevoir un e-mail de réinitialisation du mot de passe.',
  'auth.unknown_email': 'Votre adresse e-mail ne semble pas figurer dans notre base de données.',
  'auth.reset_invalid': "Ce lien de réinitialisation n'est pas valide ou a expiré.",
  'auth.password_reset': 'Votre mot de passe a été réinitialisé.',
  'auth.current_password': 'Le mot de passe actuel est incorrect.',
  'auth.password_again': 'Le mot de passe est incorrect.',
  'signature.unknown': "Cette signature n'appartient pas à cette revue.",
  'signature.revoked': 'Cette signature est déjà révoquée.',
  'signature.already': 'Vous avez déjà signé cette révision de la revue : révoquez d’abord cette signature.',
  'auth.session_required': "Cette action nécessite une connexion par mot de passe, pas un jeton d'accès.",
  'mail.greeting': 'Bonjour {name},',
  'mail.signature': "L'équipe Reqloom",
  'mail.confirm.subject': 'Confirmez votre compte Reqloom',
  'mail.confirm.body': 'Bienvenue sur Reqloom. Confirmez votre compte en ouvrant ce lien dans les 24 heures :',
  'mail.confirm.ignore': "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
  'mail.reset.subject': 'Réinitialisez votre mot de passe Reqloom',
  'mail.reset.body':
    'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Reqloom. Ouvrez ce lien dans les 60 minutes :',
  'mail.reset.ignore': "Si ce n'était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
};

export const catalogs: Record<Language, Record<MessageKey, string>> = { en, fr };

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[lang][key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Picks the first supported language of an Accept-Language header; English otherwise. */
export function languageFrom(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
