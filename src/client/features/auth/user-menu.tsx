import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconBook,
  IconBuildingEstate,
  IconCalendarCheck,
  IconHeart,
  IconHelp,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconSearch,
  IconSettings,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useHrefClick } from '../../lib/href-click.ts';
import { useAuth } from '../../lib/auth.tsx';
import '../../styles/more-components.css';
import { UserMenuFace, userMenuLabel } from '../../components/user-menu-face.tsx';
import { landingPage, staffRole } from '../../lib/staff-pages.ts';

/** A menu entry that is a real link (middle-click, copy address) but navigates inside the app. */
function MenuLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const onHrefClick = useHrefClick();
  return (
    <Menu.Item component="a" href={href} onClick={onHrefClick(href)} leftSection={icon}>
      {children}
    </Menu.Item>
  );
}

/** The header's user menu in its three states: signed out, signed in, admin (docs/product.md#guest-pages). */
export function UserMenu() {
  const { user, isAdmin, logout, openAuthDialog } = useAuth();
  const displayName = user ? user.name || user.username : null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          aria-label={userMenuLabel(displayName)}
          data-testid="user-menu"
        >
          <UserMenuFace displayName={displayName} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <>
            <Menu.Label>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-greeting">
                Hello, {displayName}
              </Text>
            </Menu.Label>
            <MenuLink href="/bookings" icon={<IconCalendarCheck size={16} aria-hidden />}>
              My bookings
            </MenuLink>
            <MenuLink href="/saved" icon={<IconHeart size={16} aria-hidden />}>
              Saved homes
            </MenuLink>
            <MenuLink href="/account" icon={<IconSettings size={16} aria-hidden />}>
              Account settings
            </MenuLink>
            {isAdmin && (
              <>
                <Menu.Divider />
                <Menu.Label>Admin</Menu.Label>
                <MenuLink href="/admin?directAdmin=true" icon={<IconLayoutDashboard size={16} aria-hidden />}>
                  Dashboard
                </MenuLink>
                <MenuLink
                  href="/admin/listings?directAdmin=true"
                  icon={<IconBuildingEstate size={16} aria-hidden />}
                >
                  Manage Listings
                </MenuLink>
                <MenuLink href="/admin/bookings?directAdmin=true" icon={<IconBook size={16} aria-hidden />}>
                  Manage Bookings
                </MenuLink>
              </>
            )}
            {!isAdmin && staffRole(user) && (
              <>
                <Menu.Divider />
                <MenuLink
                  href={landingPage(staffRole(user))}
                  icon={<IconLayoutDashboard size={16} aria-hidden />}
                >
                  Staff area
                </MenuLink>
              </>
            )}
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
              Logout
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item
              leftSection={<IconLogin size={16} aria-hidden />}
              onClick={() => openAuthDialog('login')}
            >
              Login
            </Menu.Item>
            <Menu.Item
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => openAuthDialog('register')}
            >
              Sign up
            </Menu.Item>
            <MenuLink href="/saved" icon={<IconHeart size={16} aria-hidden />}>
              Saved homes
            </MenuLink>
            <MenuLink href="/find-booking" icon={<IconSearch size={16} aria-hidden />}>
              Find my booking
            </MenuLink>
            <Menu.Divider />
            <MenuLink href="/help" icon={<IconHelp size={16} aria-hidden />}>
              Help Center
            </MenuLink>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
