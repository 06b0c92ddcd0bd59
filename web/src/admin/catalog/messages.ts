/** Texts of the services screen (services, categories, a service's masters): Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  add: 'Добавить',
  addService: 'Добавить услугу',
  categories: 'Категории',
  category: 'Категория',
  categoryName: 'Название категории',
  editService: 'Изменить услугу',
  newCategory: 'Новая категория',
  newService: 'Новая услуга',
  noCategories: 'Категорий пока нет',
  noCategory: 'Без категории',
  services: 'Услуги',
  bufferAfter: 'Перерыв после услуги, мин',
  bufferHelp: 'Столько минут после записи мастер свободен для уборки: клиентам это время не предлагается.',
  serviceMasters: 'Мастера, которые делают услугу',
  noMastersForService: 'Мастеров пока нет — добавьте их в разделе «Мастера».',
  categorySaved: 'Сохранено',
  categoryUnsaved: 'Название изменено — нажмите «Сохранить»',
  bufferShort: '+{minutes} мин перерыв',
};

export type CatalogKey = keyof typeof ru;

const kk: Record<CatalogKey, string> = {
  add: 'Қосу',
  addService: 'Қызмет қосу',
  categories: 'Санаттар',
  category: 'Санат',
  categoryName: 'Санат атауы',
  editService: 'Қызметті өзгерту',
  newCategory: 'Жаңа санат',
  newService: 'Жаңа қызмет',
  noCategories: 'Әзірге санат жоқ',
  noCategory: 'Санатсыз',
  services: 'Қызметтер',
  bufferAfter: 'Қызметтен кейінгі үзіліс, мин',
  bufferHelp: 'Жазбадан кейін шебер осынша минут жинастыруға бос: бұл уақыт клиенттерге ұсынылмайды.',
  serviceMasters: 'Қызметті орындайтын шеберлер',
  noMastersForService: 'Шеберлер әлі жоқ — оларды «Шеберлер» бөлімінде қосыңыз.',
  categorySaved: 'Сақталды',
  categoryUnsaved: 'Атауы өзгерді — «Сақтау» басыңыз',
  bufferShort: '+{minutes} мин үзіліс',
};

const en: Record<CatalogKey, string> = {
  add: 'Add',
  addService: 'Add service',
  categories: 'Categories',
  category: 'Category',
  categoryName: 'Category name',
  editService: 'Edit service',
  newCategory: 'New category',
  newService: 'New service',
  noCategories: 'No categories yet',
  noCategory: 'No category',
  services: 'Services',
  bufferAfter: 'Break after the service, min',
  bufferHelp: 'The master stays free this many minutes after a booking to tidy up: clients are not offered that time.',
  serviceMasters: 'Masters who do this service',
  noMastersForService: 'No masters yet — add them under “Masters”.',
  categorySaved: 'Saved',
  categoryUnsaved: 'Name changed — press “Save”',
  bufferShort: '+{minutes} min break',
};

export const catalogMessages = defineMessages<CatalogKey>({ ru, kk, en });
export const useCatalogT = (): Translate<CatalogKey> => useShared(catalogMessages);
