import { createContext } from 'react'

/** The path of the page being rendered, for the parts deep inside it that send it on (the quote form's `page`). */
export const CurrentPath = createContext('')
