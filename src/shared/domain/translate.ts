/**
 * Which way a chat message is translated (requirements 001-7 translation: source auto, target Vietnamese, or
 * Chinese for Vietnamese text). Vietnamese is told by the letters only it uses among the two
 * (đ, ơ, ư, ă and the tone-marked vowels); anything else goes to Vietnamese.
 */
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;

export type TranslateTarget = 'vi' | 'zh';

export const translateTargetOf = (text: string): TranslateTarget => (VIETNAMESE.test(text) ? 'zh' : 'vi');
