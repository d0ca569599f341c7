// Quirks of channel folders (operations 11, 12): each a fault the suite must catch, off by default.
export const FOLDERS_QUIRKS = {
  'folder-member-ok': 'channel folders: non-administrators may create and update folders',
  'folder-empty-name-ok': 'channel folders: a blank name is accepted',
  'folder-no-name-limit': 'POST /channel_folders/create: name length not checked',
  'folder-archive-ignored': 'PATCH /channel_folders/{channel_folder_id}: is_archived accepted but not stored',
} as const;
