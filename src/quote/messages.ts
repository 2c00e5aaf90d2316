import type { Lang } from '../i18n/lang'

/** docs/spec.md §8: the quote form's toasts, letter for letter. */
export const SUCCESS_MESSAGE = 'Thank you for your inquiry! We will contact you soon.'
export const FUNCTION_ERROR_MESSAGE = 'There was an error submitting your form. Please try again.'
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.'

/** The toasts in each language (the French pages' form shows the French ones). */
export const TOASTS: Record<Lang, { success: string; functionError: string; networkError: string }> = {
  en: { success: SUCCESS_MESSAGE, functionError: FUNCTION_ERROR_MESSAGE, networkError: NETWORK_ERROR_MESSAGE },
  fr: {
    success: 'Merci de votre demande ! Nous communiquerons avec vous sous peu.',
    functionError: 'Une erreur s’est produite lors de l’envoi du formulaire. Veuillez réessayer.',
    networkError: 'Erreur de réseau. Vérifiez votre connexion, puis réessayez.',
  },
}
