/** What the registration form sends (CONTRACT.md §3): trimmed texts, the owner's name falling back to the salon's, blanks left out. */
export interface RegisterForm {
  business_name: string;
  full_name: string;
  phone: string;
  email: string;
  password: string;
  address: string;
  service: string;
  duration: string;
  price: string;
}

export const EMPTY_REGISTER: RegisterForm = {
  business_name: '',
  full_name: '',
  phone: '',
  email: '',
  password: '',
  address: '',
  service: '',
  duration: '30',
  price: '',
};

export function registerBody(form: RegisterForm, captcha: string | undefined) {
  return {
    business_name: form.business_name.trim(),
    full_name: form.full_name.trim() || form.business_name.trim(),
    phone: form.phone,
    email: form.email.trim(),
    password: form.password,
    address: form.address.trim() || undefined,
    service: {
      name: form.service.trim() || undefined,
      duration: form.duration === '' ? undefined : Number(form.duration),
      price: form.price === '' ? undefined : Number(form.price),
    },
    captcha_token: captcha,
  };
}
